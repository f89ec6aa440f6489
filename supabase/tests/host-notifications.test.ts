import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';
import { mailTo } from './support/notification-mail.ts';
import { dueNow, notificationsOf, prefer, runSweep, waitHandled } from './support/host-news.ts';

// Hosts hear what happens (issue 32 item 6, decision 0311): new RSVPs, waitlist joins, requests
// to join, new members and comments, in the bell and by email, per kind and channel, with an
// hourly batch against bursts and a daily digest in the host's language.

let g: GatherServer;
let host: Member, cohost: Member, checker: Member;
beforeAll(async () => {
  g = await startGather();
  [host, cohost, checker] = [await g.member('hn_host'), await g.member('hn_cohost'), await g.member('hn_checker')];
});
afterAll(() => g.stop());

async function teamEvent(fields: Record<string, unknown> = {}) {
  const e = await createEvent(g, host, { title: 'Board game night', ...fields });
  await g.sqlAs(host)(`select public.add_event_host($1, 'hn_cohost', 'cohost'), public.add_event_host($1, 'hn_checker', 'checker')`, [e.id]);
  return e;
}

describe('host news in the bell', () => {
  it('tells the host and co-hosts of a new RSVP and a waitlist join, by name, but not the checker or the member', async () => {
    const e = await teamEvent({ capacity: 1, waitlist_enabled: true });
    const [ada, bob] = [await g.member('hn_ada'), await g.member('hn_bob')];
    await g.sqlAs(ada)('select public.rsvp($1)', [e.id]);
    await g.sqlAs(bob)('select public.rsvp($1)', [e.id]);
    for (const m of [host, cohost]) {
      const seen = await g.sqlAs(m)<{ kind: string; payload: Record<string, unknown> }>(
        `select kind, payload from public.notifications where payload ->> 'event_id' = $1 and kind in ('new_rsvp', 'new_waitlist') order by created_at`, [e.id]);
      expect(seen.map((n) => [n.kind, n.payload.display_name, n.payload.slug])).toEqual([
        ['new_rsvp', 'hn_ada', e.slug], ['new_waitlist', 'hn_bob', e.slug],
      ]);
    }
    for (const m of [checker, ada, bob]) expect(await notificationsOf(g, m, ['new_rsvp', 'new_waitlist'], e.id)).toEqual([]);
  });

  it('says nothing of a host approving a request or of a promotion from the waitlist, only of what members do', async () => {
    const e = await teamEvent({ capacity: 1, waitlist_enabled: true });
    const [a, b] = [await g.member('hn_quiet_a'), await g.member('hn_quiet_b')];
    await g.sqlAs(a)('select public.rsvp($1)', [e.id]);
    await g.sqlAs(b)('select public.rsvp($1)', [e.id]);
    await g.sqlAs(a)('select public.cancel_rsvp($1)', [e.id]); // b is promoted
    expect((await notificationsOf(g, host, ['new_rsvp', 'new_waitlist'], e.id)).map((n) => n.kind)).toEqual(['new_rsvp', 'new_waitlist']);

    const asking = await teamEvent({ requires_approval: true });
    await g.sqlAs(a)('select public.rsvp($1)', [asking.id]);
    await g.sqlAs(host)('select public.decide_rsvp($1, $2, true)', [asking.id, a.id]);
    const news = await notificationsOf(g, cohost, ['new_rsvp', 'rsvp_requested'], asking.id);
    expect(news.map((n) => [n.kind, n.payload.display_name])).toEqual([['rsvp_requested', 'hn_quiet_a']]);
  });

  it("tells a group's organizers of a request to join and of a new member, and an event's team of a comment", async () => {
    const organizer = await g.member('hn_org');
    const open = await createGroup(g, organizer, { name: 'Open club' });
    const closed = await createGroup(g, organizer, { name: 'Closed club', join_policy: 'approval' });
    const joiner = await g.member('hn_joiner');
    await join(g, joiner, open.id);
    await join(g, joiner, closed.id);
    const news = await g.sqlAs(organizer)<{ kind: string; payload: Record<string, unknown> }>(
      `select kind, payload from public.notifications where kind in ('new_member', 'group_join_requested') order by created_at`);
    expect(news.map((n) => [n.kind, n.payload.group_name, n.payload.display_name])).toEqual([
      ['new_member', 'Open club', 'hn_joiner'], ['group_join_requested', 'Closed club', 'hn_joiner'],
    ]);

    const e = await teamEvent();
    const talker = await g.member('hn_talker');
    await g.sqlAs(talker)(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'Is there parking?')`, [e.id, talker.id]);
    await g.sqlAs(host)(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'Yes, behind the hall.')`, [e.id, host.id]);
    expect((await notificationsOf(g, host, ['new_comment'], e.id)).map((n) => n.payload.excerpt)).toEqual(['Is there parking?']);
    expect((await notificationsOf(g, cohost, ['new_comment'], e.id)).map((n) => n.payload.excerpt)).toEqual(['Is there parking?', 'Yes, behind the hall.']);
  });
});

describe('preferences per kind and channel', () => {
  it('keeps an email-only notice out of the bell, drops a kind switched off everywhere, records an email switched off', async () => {
    const me = await g.member('hn_prefs');
    const e = await createEvent(g, me, { title: 'Preferences party', capacity: 1, waitlist_enabled: true });
    await prefer(g, me, 'new_rsvp', { in_app: 'off', email: 'instant' });
    await prefer(g, me, 'new_waitlist', { in_app: 'off', email: 'off' });
    await prefer(g, me, 'new_comment', { in_app: 'instant', email: 'off' });
    const [guest, late] = [await g.member('hn_prefs_guest'), await g.member('hn_prefs_late')];
    await g.sqlAs(guest)('select public.rsvp($1)', [e.id]);
    await g.sqlAs(late)('select public.rsvp($1)', [e.id]); // waitlisted: nobody wants to hear it
    await g.sqlAs(guest)(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'Hi')`, [e.id, guest.id]);

    // The bell (and realtime, under the same policy) shows only the comment.
    expect((await g.sqlAs(me)<{ kind: string }>('select kind from public.notifications')).map((n) => n.kind)).toEqual(['new_comment']);
    await waitHandled(g, me);
    const rows = await notificationsOf(g, me, ['new_rsvp', 'new_waitlist', 'new_comment'], e.id);
    expect(rows.map((n) => [n.kind, n.in_app, n.email_status])).toEqual([['new_rsvp', false, 'sent'], ['new_comment', true, 'opted_out']]);
    expect((await mailTo(g, me)).map((m) => [m.kind, m.subject])).toEqual([['new_rsvp', 'hn_prefs_guest is going to Preferences party']]);
  });

  it('is each member\'s own, takes daily for email only, and a real time zone for the digest', async () => {
    const [a, b] = [await g.member('hn_own_a'), await g.member('hn_own_b')];
    await prefer(g, a, 'new_rsvp', { email: 'off' });
    expect(await g.sqlAs(b)('select * from public.notification_kind_preferences')).toEqual([]);
    expect(await g.sqlAs(b)(`update public.notification_kind_preferences set delivery = 'instant' returning kind`)).toEqual([]);
    await expect(g.sqlAs(b)(`insert into public.notification_kind_preferences (user_id, kind, channel, delivery) values ($1, 'new_rsvp', 'email', 'off')`, [a.id]))
      .rejects.toMatchObject({ code: '42501' });
    await expect(g.sqlAs(a)(`insert into public.notification_kind_preferences (kind, channel, delivery) values ('new_rsvp', 'in_app', 'daily')`))
      .rejects.toMatchObject({ code: '23514' });
    await expect(g.sqlAs(a)(`insert into public.notification_kind_preferences (kind, channel, delivery) values ('reminder_1h', 'email', 'off')`))
      .rejects.toMatchObject({ code: '23514' });
    // Push is a channel of the same model (issue 33 sends it).
    await g.sqlAs(a)(`insert into public.notification_kind_preferences (kind, channel, delivery) values ('new_rsvp', 'push', 'off')`);
    expect(await expectAppError(g.sqlAs(a)(`update public.notification_preferences set digest_timezone = 'Mars/Olympus' where user_id = $1`, [a.id])))
      .toMatchObject({ code: 'invalid_timezone' });
  });
  it('keeps the settings page\'s switch for requests: off, their emails are off until chosen per kind', async () => {
    const me = await g.member('hn_legacy');
    await g.sqlAs(me)('update public.notification_preferences set email_rsvp_requests = false where user_id = $1', [me.id]);
    const e = await createEvent(g, me, { title: 'Approval tea', requires_approval: true });
    const [a, b] = [await g.member('hn_legacy_a'), await g.member('hn_legacy_b')];
    await g.sqlAs(a)('select public.rsvp($1)', [e.id]);
    await prefer(g, me, 'rsvp_requested', { email: 'instant' });
    await g.sqlAs(b)('select public.rsvp($1)', [e.id]);
    const rows = await notificationsOf(g, me, ['rsvp_requested'], e.id);
    // The second is emailed at once (its status may already read 'sent').
    expect(rows.map((r) => [r.payload.display_name, r.in_app, r.email_status === 'opted_out', r.email_after])).toEqual([
      ['hn_legacy_a', true, true, null], ['hn_legacy_b', true, false, null],
    ]);
  });
});

describe('host news by email', () => {
  it('emails the first at once, then at most one email an hour per event and kind: a burst is one more email', async () => {
    const me = await g.member('hn_burst');
    await prefer(g, me, 'new_rsvp', { email: 'instant' });
    const e = await createEvent(g, me, { title: 'Launch party' });
    const guests = await Promise.all(['hn_b1', 'hn_b2', 'hn_b3', 'hn_b4', 'hn_b5'].map((u) => g.member(u)));
    for (const m of guests) await g.sqlAs(m)('select public.rsvp($1)', [e.id]);

    const rows = await notificationsOf(g, me, ['new_rsvp'], e.id);
    expect(rows[0]!.email_after).toBeNull();
    const batch = rows.slice(1);
    expect(new Set(batch.map((r) => r.email_batch)).size).toBe(1);
    expect(new Date(batch[0]!.email_after!).getTime()).toBe(new Date(rows[0]!.created_at).getTime() + 3_600_000);
    await waitHandled(g, me, 1);
    expect((await mailTo(g, me)).map((m) => m.subject)).toEqual(['hn_b1 is going to Launch party']);

    // The hour is over: one email for the other four, its rows all recorded; sweeping again sends nothing.
    await dueNow(g, me);
    await runSweep(g);
    await waitHandled(g, me);
    await runSweep(g);
    const mails = await mailTo(g, me);
    expect(mails.map((m) => m.subject)).toEqual(['4 new RSVPs for Launch party', 'hn_b1 is going to Launch party']);
    expect(mails[0]!.text).toContain('4 people are now going to Launch party: hn_b2, hn_b3, hn_b4 and 1 more.');
    expect(mails[0]!.text).toContain(`/events/${e.slug}/manage`);
    expect((await notificationsOf(g, me, ['new_rsvp'], e.id)).map((r) => r.email_status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  });

  it('emails a comment as it happens, quoted, with a link to the comments', async () => {
    const e = await teamEvent({ title: 'Pottery class' });
    const talker = await g.member('hn_quote');
    await g.sqlAs(talker)(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'Do we bring <clay>?')`, [e.id, talker.id]);
    await waitHandled(g, cohost);
    const [mail] = (await mailTo(g, cohost, 'new_comment')).filter((m) => m.subject.includes('Pottery'));
    expect(mail!.subject).toBe('hn_quote commented on Pottery class');
    expect(mail!.text).toContain('> Do we bring <clay>?');
    expect(mail!.html).toContain('Do we bring &#60;clay&#62;?');
    expect(mail!.text).toContain(`/events/${e.slug}#comments-heading`);
  });
});

describe('the daily digest', () => {
  it('comes at 08:00 in the member\'s zone, across daylight saving', async () => {
    const at = async (zone: string, after: string) =>
      (await g.db.query<{ due: Date }>('select private.next_digest_at($1, $2) as due', [zone, after])).rows[0]!.due.toISOString();
    expect(await at('Europe/Paris', '2026-03-28T06:59:00Z')).toBe('2026-03-28T07:00:00.000Z');
    expect(await at('Europe/Paris', '2026-03-28T07:00:00Z')).toBe('2026-03-29T06:00:00.000Z'); // summer time from the 29th
    expect(await at('America/New_York', '2026-11-30T02:00:00Z')).toBe('2026-11-30T13:00:00.000Z');
    expect(await at('UTC', '2026-11-30T09:00:00Z')).toBe('2026-12-01T08:00:00.000Z');
  });

  it('is one email a day in the host\'s language, one section per event or group, once', async () => {
    const me = await g.member('hn_digest');
    await g.db.query(`update public.profiles set locale = 'fr' where id = $1`, [me.id]);
    await g.sqlAs(me)(`update public.notification_preferences set digest_timezone = 'Europe/Paris' where user_id = $1`, [me.id]);
    const quiz = await createEvent(g, me, { title: 'Soirée quiz' });
    const walk = await createEvent(g, me, { title: 'Balade', capacity: 1, waitlist_enabled: true });
    const club = await createGroup(g, me, { name: 'Club du jeudi' });
    const people = await Promise.all(['hn_d1', 'hn_d2', 'hn_d3', 'hn_d4', 'hn_d5'].map((u) => g.member(u)));
    for (const m of people) await g.sqlAs(m)('select public.rsvp($1)', [quiz.id]);
    await g.sqlAs(people[0]!)('select public.rsvp($1)', [walk.id]);
    await g.sqlAs(people[1]!)('select public.rsvp($1)', [walk.id]);
    await join(g, people[2]!, club.id);

    const rows = await g.db.query<{ email_after: Date; email_batch: string }>(
      `select email_after, email_batch from public.notifications where user_id = $1`, [me.id]);
    expect(rows.rows).toHaveLength(8);
    const [due] = (await g.db.query<{ due: Date }>(`select private.next_digest_at('Europe/Paris') as due`)).rows;
    expect(new Set(rows.rows.map((r) => r.email_after.toISOString()))).toEqual(new Set([due!.due.toISOString()]));
    expect(new Set(rows.rows.map((r) => r.email_batch)).size).toBe(1);
    expect(rows.rows[0]!.email_batch).toMatch(/^digest:\d{4}-\d{2}-\d{2}$/);
    await runSweep(g);
    expect(await mailTo(g, me)).toEqual([]); // not before 08:00

    await dueNow(g, me);
    await runSweep(g);
    await waitHandled(g, me);
    await runSweep(g);
    const mails = await mailTo(g, me);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('host_news_digest');
    expect(mails[0]!.subject).toBe('Votre résumé du jour : 8 nouveautés sur vos événements et groupes');
    const text = mails[0]!.text;
    expect(text).toMatch(/^Bonjour hn_digest,/);
    expect(text).toMatch(new RegExp(`Soirée quiz\n- 5 nouvelles participations : hn_d1, hn_d2, hn_d3 et 2 autres\nhttp\\S+/events/${quiz.slug}/manage\n`));
    expect(text).toContain('Balade\n- 1 nouvelle participation : hn_d1\n- 1 inscription sur la liste d’attente : hn_d2');
    expect(text).toMatch(new RegExp(`Club du jeudi\n- 1 nouveau membre : hn_d3\nhttp\\S+/g/${club.slug}/manage\n`));
    expect(text.indexOf('Soirée quiz')).toBeLessThan(text.indexOf('Balade'));

    // What comes after it waits for the next day's digest.
    const late = await g.member('hn_d6');
    await g.sqlAs(late)('select public.rsvp($1)', [quiz.id]);
    const [next] = (await g.db.query<{ batch: { due: boolean; items: { payload: { display_name: string } }[] } }>(
      `select public.notification_batch(id) as batch from public.notifications where user_id = $1 order by created_at desc limit 1`, [me.id])).rows;
    expect(next!.batch.due).toBe(false);
    expect(next!.batch.items.map((i) => i.payload.display_name)).toEqual(['hn_d6']);
  });
});
