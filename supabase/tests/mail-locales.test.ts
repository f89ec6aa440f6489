import { describe, expect, it } from 'vitest';
import { formatWhen, renderNotificationEmail, type EmailEvent } from '../functions/_shared/email-templates.ts';
import { fromAcceptLanguage, mailLocale, MAIL_LOCALES, mailMessages } from '../functions/_shared/i18n/index.ts';
import { eventToIcs, type IcsEvent } from '../functions/_shared/ics.ts';
import { utcOffsetLabel } from '../functions/_shared/zoned-time.ts';

// Gather's own emails and calendar files in the recipient's language (issue 20, decision 0205),
// as pure functions; notify.test.ts and the e2e send them through the real pipeline.

const SITE = 'https://gather.example';
const event: EmailEvent = {
  slug: 'fado-night', title: 'Fado & petiscos', starts_at: '2026-07-10T19:00:00Z', timezone: 'Europe/Lisbon',
  venue_name: 'Tasca do Chico', address: null, is_online: true, cancel_reason: null,
};
const mail = (kind: string, locale: string, payload: Record<string, unknown> = {}) =>
  renderNotificationEmail({ kind, payload, recipientName: 'Jonas', event, actorName: 'Grace', siteUrl: SITE, locale })!;

describe('mail languages', () => {
  it('picks the profile language, a lang parameter or Accept-Language, and English otherwise', () => {
    expect(mailLocale('de')).toBe('de');
    expect(mailLocale('pt')).toBe('pt-BR');
    expect(mailLocale('fr-CA')).toBe('fr');
    expect(mailLocale('klingon', null, 'es')).toBe('es');
    expect(mailLocale(undefined)).toBe('en');
    expect(fromAcceptLanguage('nl-NL,nl;q=0.9,de;q=0.8,en;q=0.7')).toBe('de');
    expect(fromAcceptLanguage('en;q=0.5, es-MX')).toBe('es');
    expect(fromAcceptLanguage('*')).toBeUndefined();
  });

  it('writes a promotion email in German: subject, greeting, body, when and where, link and footer', () => {
    const m = mail('rsvp_promoted', 'de');
    expect(m.subject).toBe('Du bist dabei: Fado & petiscos');
    expect(m.text).toMatch(/^Hallo Jonas,\n\nGute Nachricht: Ein Platz ist frei geworden/);
    expect(m.text).toContain('Wann: Freitag, 10. Juli 2026 um 20:00 UTC+1 (Europe/Lisbon)');
    expect(m.text).toContain('Wo: Tasca do Chico und online (der Link steht auf der Eventseite)');
    expect(m.text).toContain(`Zum Event: ${SITE}/events/fado-night`);
    expect(m.text).toContain(`Wähle, welche E-Mails du bekommst: ${SITE}/settings`);
    expect(m.html).toContain('<p>Hallo Jonas,</p>');
    expect(m.html).toContain('>Zum Event</a>');
  });

  it('says every kind in every language, and never falls back to English words', () => {
    const kinds = ['rsvp_promoted', 'rsvp_approved', 'rsvp_declined', 'rsvp_requested', 'event_cancelled', 'host_message', 'reminder_24h', 'reminder_1h', 'cohost_added'];
    for (const locale of MAIL_LOCALES) {
      for (const kind of kinds) {
        const m = mail(kind, locale, { from_name: 'Ana', body: 'Hi', role: 'checker' });
        expect(m.subject.length).toBeGreaterThan(0);
        if (locale !== 'en') {
          expect(m.text, `${locale} ${kind}`).not.toMatch(/See the event|notification settings|Open the guest list|Manage the event/);
        }
      }
    }
    expect(mail('reminder_24h', 'fr').subject).toBe('Demain : Fado & petiscos');
    expect(mail('event_cancelled', 'es').subject).toBe('Cancelado: Fado & petiscos');
    expect(mail('rsvp_approved', 'pt-BR').text).toContain('Os organizadores aprovaram seu pedido. Você vai a Fado & petiscos.');
  });

  it("formats the date in the reader's language, in the event's own zone, labelled with its UTC offset as the app does", () => {
    expect(formatWhen(event.starts_at, 'Europe/Lisbon', 'fr')).toBe('vendredi 10 juillet 2026 à 20:00 UTC+1 (Europe/Lisbon)');
    expect(formatWhen(event.starts_at, 'America/Sao_Paulo', 'pt-BR')).toMatch(/^sexta-feira, 10 de julho de 2026.* 16:00 UTC-3 \(America\/Sao Paulo\)$/);
    expect(formatWhen(event.starts_at, 'Europe/Madrid', 'es')).toMatch(/^viernes, 10 de julio de 2026.* 21:00 UTC\+2 \(Europe\/Madrid\)$/);
  });

  it("reads the clock the app reads for the language (decision 0301): 12 hours in English, 24 in the others", () => {
    // What the app's formatTime gives a reader of the language without a region, and its zone label.
    for (const locale of MAIL_LOCALES) {
      const app = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Tokyo' }).format(new Date(event.starts_at));
      const twelve = /[ap]\.?\s?m\.?/i.test(app);
      const when = formatWhen(event.starts_at, 'Asia/Tokyo', locale);
      expect(when, locale).toMatch(twelve ? /\b4:00\s?[ap]\.?\s?m\.? UTC\+9 \(Asia\/Tokyo\)$/i : /\b04:00 UTC\+9 \(Asia\/Tokyo\)$/);
      expect(when, locale).toContain(` ${utcOffsetLabel(new Date(event.starts_at), 'Asia/Tokyo')} `);
    }
    expect(formatWhen(event.starts_at, 'Asia/Tokyo', 'en')).toBe('Saturday, 11 July 2026 at 4:00 am UTC+9 (Asia/Tokyo)');
  });

  it('writes the calendar file\'s own words in the language asked for', () => {
    const ics: IcsEvent = {
      id: '6f1c2c1e-0000-4000-8000-000000000001', slug: 'fado-night', title: 'Fado', description: 'Bring a friend.',
      starts_at: event.starts_at, ends_at: '2026-07-10T22:00:00Z', timezone: 'Europe/Lisbon', venue_name: null, address: null,
      lat: null, lng: null, is_online: true, status: 'cancelled', cancel_reason: 'Venue flooded',
      created_at: '2026-06-01T10:00:00Z', updated_at: '2026-06-02T10:00:00Z',
    };
    const de = eventToIcs(ics, `${SITE}/events/fado-night`, new Date('2026-06-03T00:00:00Z'), 'de').replace(/\r\n /g, '');
    expect(de).toContain('SUMMARY:Abgesagt: Fado');
    expect(de).toContain('DESCRIPTION:Abgesagt: Venue flooded\\n\\nBring a friend.\\n\\nEventseite: https://gather.example/events/fado-night');
    expect(de).toContain('LOCATION:Online');
    const fr = eventToIcs(ics, `${SITE}/events/fado-night`, new Date(), 'fr').replace(/\r\n /g, '');
    expect(fr).toContain('SUMMARY:Annulé : Fado');
    expect(fr).toContain('LOCATION:En ligne');
    expect(mailMessages('es').ics.eventPage('u')).toBe('Página del evento: u');
  });
});
