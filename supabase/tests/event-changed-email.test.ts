// The event_changed email (decision 0135): when a date's time or place changes, everyone with an
// RSVP gets an email in their language, through the same path as every other notification email
// (trigger → pg_net → notify → outbox). The pure parts first, then the whole path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWhen, renderNotificationEmail, type EmailEvent } from '../functions/_shared/email-templates.ts';
import { MAIL_LOCALES } from '../functions/_shared/i18n/index.ts';
import { decideEmail, type NotificationRecord } from '../functions/notify/email-decision.ts';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { emailStatuses, eventLinkIn, mailTo, settledMail } from './support/notification-mail.ts';
import { createSeries, eventAt } from './support/series.ts';

const SITE = 'https://gather.example';
const event: EmailEvent & { id: string; status: string; ends_at: string } = {
  id: '6f1c2c1e-0000-4000-8000-000000000001', slug: 'fado-night', title: 'Fado & petiscos',
  starts_at: '2030-07-10T20:00:00Z', ends_at: '2030-07-10T23:00:00Z', timezone: 'Europe/Lisbon',
  venue_name: 'Tasca do Chico', address: null, is_online: false, cancel_reason: null, status: 'published',
};
/** What private.notify_event_changed() stores: the new values, and the old start and venue. */
const payload = (changed: string[], over: Record<string, unknown> = {}) => ({
  event_id: event.id, slug: event.slug, title: event.title, timezone: event.timezone, starts_at: '2030-07-10T20:00:00+00:00',
  ends_at: '2030-07-10T23:00:00+00:00', old_starts_at: '2030-07-10T19:00:00+00:00', venue_name: event.venue_name, address: null,
  old_venue_name: 'Old hall', is_online: false, changed, ...over,
});
const render = (changed: string[], locale = 'en') =>
  renderNotificationEmail({ kind: 'event_changed', payload: payload(changed), recipientName: 'Ada', event, actorName: null, siteUrl: SITE, locale })!;
const record = (over: Partial<NotificationRecord> = {}): NotificationRecord => ({
  id: '00000000-0000-4000-8000-00000000000a', kind: 'event_changed', payload: payload(['time']), created_at: '2030-07-01T00:00:00Z',
  emailed_at: null, email_status: null, email: 'ada@example.com', display_name: 'Ada', preferences: {}, event, actor: null, ...over,
});
const NOW = new Date('2030-07-01T00:00:00Z');

describe('the event_changed email, rendered', () => {
  it('says what changed, the new time and place, what it was, and links the event', () => {
    const time = render(['time']);
    expect(time.subject).toBe('New time: Fado & petiscos');
    expect(time.text).toContain('The hosts changed the time of Fado & petiscos. Your RSVP still stands');
    // The date's words are Intl's (ICU varies by runtime); mail-locales.test.ts checks them.
    const [now, was] = [formatWhen(event.starts_at, event.timezone), formatWhen('2030-07-10T19:00:00Z', event.timezone)];
    expect(now).toMatch(/10 July 2030.* 9:00 pm UTC\+1 \(Europe\/Lisbon\)$/);
    expect(was).toMatch(/10 July 2030.* 8:00 pm UTC\+1 \(Europe\/Lisbon\)$/);
    expect(time.text).toContain(`When: ${now}`);
    expect(time.text).toContain('Where: Tasca do Chico');
    expect(time.text).toContain(`Before: ${was}`);
    expect(time.text).toContain(`See the event: ${SITE}/events/fado-night`);
    expect(render(['place']).subject).toBe('New place: Fado & petiscos');
    expect(render(['place']).text).toContain('Before: Old hall');
    const both = render(['time', 'place']);
    expect(both.subject).toBe('New time and place: Fado & petiscos');
    expect(both.text).toContain(`Before: ${formatWhen('2030-07-10T19:00:00Z', event.timezone)} · Old hall`);
    expect(both.html).toContain('<strong>Before:</strong>');
  });

  it('speaks every language Gather emails in, without English words', () => {
    for (const locale of MAIL_LOCALES.filter((l) => l !== 'en')) {
      const m = render(['time', 'place'], locale);
      expect(m.text, locale).not.toMatch(/The hosts|New time|Before:|See the event/);
    }
    expect(render(['time'], 'fr').subject).toBe('Nouvel horaire : Fado & petiscos');
    expect(render(['place'], 'de').text).toContain('Vorher: Old hall');
    expect(render(['time'], 'es').text).toMatch(/Antes: miércoles, 10 de julio de 2030.* 20:00/);
    expect(render(['place'], 'pt-BR').subject).toBe('Novo local: Fado & petiscos');
  });

  it('is sent while the event is as the change left it, under the RSVP-updates preference', () => {
    expect(decideEmail(record(), NOW)).toEqual({ send: true, kind: 'event_changed' });
    expect(decideEmail(record({ preferences: { email_rsvp_updates: false } }), NOW)).toMatchObject({ send: false, outcome: 'opted_out' });
    expect(decideEmail(record({ event: { ...event, status: 'cancelled' } }), NOW)).toMatchObject({ send: false, outcome: 'skipped' });
    expect(decideEmail(record(), new Date('2030-07-11T00:00:00Z'))).toMatchObject({ why: 'the event has started' });
    // Moved again since: the later notification tells the member how it is now.
    const movedAgain = { ...event, starts_at: '2030-07-10T21:00:00+00:00' };
    expect(decideEmail(record({ event: movedAgain }), NOW)).toEqual({ send: false, outcome: 'skipped', why: 'the event changed again since' });
    expect(decideEmail(record({ event: { ...event, venue_name: 'Elsewhere' } }), NOW)).toMatchObject({ outcome: 'skipped' });
  });
});

describe('the event_changed email, sent', () => {
  let g: GatherServer;
  let host: Member;
  beforeAll(async () => {
    g = await startGather();
    host = await g.member('moved_host');
  });
  afterAll(() => g.stop());

  const rsvp = (m: Member, eventId: string) => g.sqlAs(m)('select public.rsvp($1, 0)', [eventId]);

  it('emails each attendee of a moved date once, in their language; not the host, not who opted out', async () => {
    const [ada, jean, quiet] = [await g.member('moved_ada'), await g.member('moved_jean'), await g.member('moved_quiet')];
    await g.db.query(`update public.profiles set locale = 'fr' where id = $1`, [jean.id]);
    await g.sqlAs(quiet)('update public.notification_preferences set email_rsvp_updates = false where user_id = $1', [quiet.id]);
    const e = await eventAt(g, host, '2027-03-02 19:00', 'Europe/Paris', { title: 'Supper club', venue_name: 'Hall' });
    for (const m of [ada, jean, quiet]) await rsvp(m, e.id);
    await g.sqlAs(host)(
      `update public.events set starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour', venue_name = 'Garden' where id = $1`,
      [e.id],
    );

    const [toAda] = await settledMail(g, ada, 'event_changed').then((m) => { expect(m).toHaveLength(1); return m; });
    expect(toAda!.subject).toBe('New time and place: Supper club');
    expect(toAda!.text).toMatch(/When: .*2 March 2027.* 8:00 pm UTC\+1 \(Europe\/Paris\)\n/);
    expect(toAda!.text).toContain('Where: Garden');
    expect(toAda!.text).toMatch(/Before: .*2 March 2027.* 7:00 pm UTC\+1 \(Europe\/Paris\) · Hall\n/);
    expect(eventLinkIn(toAda!)).toMatch(new RegExp(`/events/${e.slug}$`));

    const toJean = await settledMail(g, jean, 'event_changed');
    expect(toJean.map((m) => m.subject)).toEqual(['Nouvel horaire et nouveau lieu : Supper club']);
    expect(toJean[0]!.text).toMatch(/Quand\u202f: mardi 2 mars 2027.* 20:00 UTC\+1 \(Europe\/Paris\)/);

    await settledMail(g, quiet, 'event_changed');
    expect(await emailStatuses(g, quiet, 'event_changed')).toEqual(['opted_out']);
    expect(await mailTo(g, quiet, 'event_changed')).toEqual([]);
    expect(await mailTo(g, host, 'event_changed')).toEqual([]);
  });

  it('emails about every date "this and following" moved that the member goes to', async () => {
    const fan = await g.member('moved_fan');
    const first = await eventAt(g, host, '2027-04-06 19:00', 'Europe/Paris', { title: 'Run club' });
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=4');
    const [, second, third] = s.events;
    await rsvp(fan, second!.id);
    await rsvp(fan, third!.id);
    await g.sqlAs(host)('select public.update_series_from($1, $2)', [second!.id, { venue_name: 'Park gate' }]);

    const mails = await settledMail(g, fan, 'event_changed');
    expect(mails.map((m) => m.subject)).toEqual(['New place: Run club', 'New place: Run club']);
    expect(mails.map((m) => eventLinkIn(m).split('/events/')[1]).sort()).toEqual([second!.slug, third!.slug].sort());
    expect(mails.every((m) => m.text.includes('Where: Park gate'))).toBe(true);
  });
});
