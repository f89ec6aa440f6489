import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, formatWhen, renderNotificationEmail, type EmailEvent } from '../functions/_shared/email-templates.ts';
import { siteUrl } from '../functions/_shared/site-url.ts';
import { decideEmail, PREFERENCE_FOR_KIND, type NotificationRecord } from '../functions/notify/email-decision.ts';

const event: EmailEvent & { id: string; status: string; ends_at: string } = {
  id: '6f1c2c1e-0000-4000-8000-000000000001',
  slug: 'fado-night',
  title: 'Fado & petiscos',
  starts_at: '2026-07-10T19:00:00Z', // 20:00 in Lisbon (summer time)
  ends_at: '2026-07-10T22:00:00Z',
  timezone: 'Europe/Lisbon',
  venue_name: 'Tasca do Chico',
  address: 'Rua do Diário de Notícias 39, Lisbon',
  is_online: false,
  cancel_reason: null,
  status: 'published',
};
const SITE = 'https://gather.example';

function render(kind: string, payload: Record<string, unknown> = {}, over: Partial<EmailEvent> = {}) {
  return renderNotificationEmail({
    kind, payload: { event_id: event.id, slug: event.slug, title: event.title, ...payload }, recipientName: 'Ada',
    event: { ...event, ...over }, actorName: 'Grace', siteUrl: SITE,
  });
}

function record(over: Partial<NotificationRecord>): NotificationRecord {
  return {
    id: '00000000-0000-4000-8000-00000000000a', kind: 'rsvp_promoted', payload: {}, created_at: '2026-07-01T00:00:00Z',
    emailed_at: null, email_status: null, email: 'ada@example.com', display_name: 'Ada', preferences: {}, event, actor: null,
    membership: { status: 'active', role: 'member', alerts: 'all' }, ...over,
  };
}

describe('notification emails', () => {
  it('has an email for every kind in the brief, each with one link and the settings footer', () => {
    for (const kind of EMAIL_KINDS) {
      const mail = render(kind, { subject: 'Hello', body: 'Hi all', from_name: 'Host', role: 'cohost', group_slug: 'makers', group_name: 'Makers', order_id: 'o-1', conversation_id: 'c-1' })!;
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text.startsWith('Hi Ada,\n')).toBe(true);
      // One link: to the event, for a group's news to the group, for a payment to the order, for a
      // private message to the conversation.
      const links = mail.text.match(/https:\/\/gather\.example\/((events|g|orders)\/|messages\?)\S+/g) ?? [];
      expect(links, kind).toHaveLength(1);
      expect(mail.text).toContain(`${SITE}/settings`);
      expect(mail.html).toContain(`href="${links[0]}"`);
    }
    expect(render('comment_reply')).toBeUndefined();
  });

  it('says when in the event\'s own zone, and where', () => {
    expect(formatWhen(event.starts_at, 'Europe/Lisbon')).toMatch(/^Friday,? 10 July 2026,? (at )?8:00 pm UTC\+1 \(Europe\/Lisbon\)$/);
    expect(formatWhen(event.starts_at, 'Not/AZone')).toMatch(/ 7:00 pm UTC$/);
    const day = render('reminder_24h')!;
    expect(day.subject).toBe('Tomorrow: Fado & petiscos');
    expect(day.text).toContain('Where: Tasca do Chico, Rua do Diário de Notícias 39, Lisbon');
    const online = render('reminder_1h', {}, { venue_name: null, address: null, is_online: true })!;
    expect(online.text).toContain('Where: Online: the link is on the event page');
  });

  it('links hosts to the guest list, and names who asked', () => {
    const mail = render('rsvp_requested')!;
    expect(mail.text).toContain('Grace asked to join Fado & petiscos.');
    expect(mail.text).toContain(`Open the guest list: ${SITE}/events/fado-night/manage`);
  });

  it("quotes a host's words as written, escapes them in HTML, keeps the subject to one line", () => {
    const mail = render('host_message', { subject: 'Change of\nplans', body: '<b>Bring</b> "snacks" & drinks\nSee you', from_name: 'Ana' })!;
    expect(mail.subject).toBe('Change of plans · Fado & petiscos');
    expect(mail.text).toContain('> <b>Bring</b> "snacks" & drinks\n> See you');
    expect(mail.html).toContain('&#60;b&#62;Bring&#60;/b&#62; &#34;snacks&#34; &#38; drinks');
    expect(mail.html).not.toContain('<b>Bring');
    const cancelled = render('event_cancelled', {}, { cancel_reason: 'The venue flooded' })!;
    expect(cancelled.text).toContain('has been cancelled by its hosts. They said:\n\n> The venue flooded');
  });

  it('falls back to the payload when the event is gone', () => {
    const mail = renderNotificationEmail({
      kind: 'event_cancelled', payload: { slug: 'gone-event', title: 'Gone event', reason: 'No venue' }, recipientName: '',
      event: null, actorName: null, siteUrl: SITE,
    })!;
    expect(mail.text).toMatch(/^Hi there,/);
    expect(mail.text).toContain(`${SITE}/events/gone-event`);
    expect(mail.text).toContain('> No venue');
    expect(mail.text).not.toContain('When:');
  });

  it('decides by the member\'s preference for each kind, and by the address', () => {
    expect(decideEmail(record({}))).toEqual({ send: true, kind: 'rsvp_promoted' });
    for (const [kind, column] of Object.entries(PREFERENCE_FOR_KIND)) {
      const future = { ...event, starts_at: new Date(Date.now() + 36e5).toISOString() };
      expect(decideEmail(record({ kind, event: future, preferences: { [column]: false } }))).toMatchObject({ send: false, outcome: 'opted_out' });
      expect(decideEmail(record({ kind, event: future, preferences: { [column]: true } }))).toMatchObject({ send: true });
    }
    expect(decideEmail(record({ email: null }))).toMatchObject({ send: false, outcome: 'no_address' });
    expect(decideEmail(record({ kind: 'comment_reply' }))).toMatchObject({ send: false, outcome: 'skipped' });
  });

  it('drops reminders that are no longer true', () => {
    const now = new Date('2026-07-10T18:00:00Z');
    const reminder = (over: Partial<NotificationRecord>) => decideEmail(record({ kind: 'reminder_1h', payload: { starts_at: event.starts_at }, ...over }), now);
    expect(reminder({})).toEqual({ send: true, kind: 'reminder_1h' });
    expect(reminder({ event: { ...event, status: 'cancelled' } })).toMatchObject({ outcome: 'skipped', why: 'the event is cancelled' });
    expect(reminder({ event: null })).toMatchObject({ outcome: 'skipped' });
    expect(decideEmail(record({ kind: 'reminder_1h' }), new Date('2026-07-10T19:30:00Z'))).toMatchObject({ why: 'the event has started' });
    expect(reminder({ payload: { starts_at: '2026-07-09T19:00:00Z' } })).toMatchObject({ why: 'the event was moved' });
  });

  it('links to SITE_URL, else to the API origin', () => {
    const env = (vars: Record<string, string>) => ({ get: (k: string) => vars[k] });
    expect(siteUrl(env({ SITE_URL: 'https://gather.example/', SUPABASE_URL: 'http://127.0.0.1:1' }))).toBe('https://gather.example');
    expect(siteUrl(env({ SUPABASE_URL: 'http://127.0.0.1:54321/' }))).toBe('http://127.0.0.1:54321');
  });
});
