import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChanges } from '../../server/test/helpers/realtime.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';
import { addressOf, emailStatuses, mailTo, settledMail } from './support/notification-mail.ts';

// New-event alerts and announcements through the whole pipeline (decisions 0103, 0104): the
// database makes the notifications, the trigger hands them to `notify`, which emails them
// into the development inbox; the bell gets them live.

let g: GatherServer;
let organizer: Member, eventOrganizer: Member, alice: Member, bob: Member, carol: Member, dan: Member, eve: Member, admin: Member;
let group: { id: string; slug: string };
const client = async (m: Member) => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};
const alerts = (m: Member) =>
  g.db.query<{ kind: string; payload: Record<string, unknown> }>(
    `select kind, payload from public.notifications where user_id = $1 and kind = 'group_event_published' order by created_at`, [m.id]).then((r) => r.rows);
const tokenIn = (text: string) => /\/unsubscribe\?token=([0-9a-f.-]+)/.exec(text)?.[1];

beforeAll(async () => {
  g = await startGather();
  [organizer, eventOrganizer, alice, bob, carol, dan, eve, admin] = (await Promise.all(
    ['organizer', 'evorg', 'alice', 'bob', 'carol', 'dan', 'eve', 'admin'].map((u) => g.member(u, { admin: u === 'admin' })))) as Member[] as
    [Member, Member, Member, Member, Member, Member, Member, Member];
  group = await createGroup(g, organizer, { name: 'Lisbon Makers', join_policy: 'approval' });
  for (const m of [eventOrganizer, alice, bob, dan, eve]) {
    await join(g, m, group.id);
    await g.sqlAs(organizer)('select public.decide_group_member($1, $2, true)', [group.id, m.id]);
  }
  await g.sqlAs(organizer)(`select public.set_group_member_role($1, $2, 'event_organizer')`, [group.id, eventOrganizer.id]);
  await join(g, carol, group.id); // pending
  await g.sqlAs(bob)(`update public.group_members set alerts = 'none' where group_id = $1 and user_id = $2`, [group.id, bob.id]);
  await g.sqlAs(organizer)('select public.ban_group_member($1, $2, true)', [group.id, dan.id]);
  await g.sqlAs(admin)(`select public.suspend_user($1, true, 'spam')`, [eve.id]);
});
afterAll(() => g.stop());

describe('new-event alerts', () => {
  it('tell each active member with alerts on, live and by one email, once however often the event changes', async () => {
    const bell = collectChanges(await client(alice), 'bell-alice', { table: 'notifications', event: 'INSERT', filter: `user_id=eq.${alice.id}` });
    await bell.ready;
    const e = await createEvent(g, eventOrganizer, { title: 'Robot night', group_id: group.id, visibility: 'members', status: 'draft' });
    expect(await alerts(alice)).toEqual([]); // a draft tells nobody
    await g.sqlAs(eventOrganizer)(`update public.events set status = 'published' where id = $1`, [e.id]);
    await expect.poll(() => bell.got.map((p) => p.new.kind)).toEqual(['group_event_published']);
    expect(bell.got[0]!.new.payload).toEqual({
      event_id: e.id, slug: e.slug, title: 'Robot night', starts_at: expect.any(String), timezone: 'Europe/Lisbon',
      group_id: group.id, group_slug: group.slug, group_name: 'Lisbon Makers',
    });
    // The organizer (a member with alerts on) is told; the publisher, bob (alerts off), carol
    // (pending), dan (banned) and eve (suspended) are not.
    for (const [m, n] of [[organizer, 1], [alice, 1], [eventOrganizer, 0], [bob, 0], [carol, 0], [dan, 0], [eve, 0]] as const) {
      expect(await alerts(m), m.username).toHaveLength(n);
    }
    const mails = await settledMail(g, alice, 'group_event_published');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(addressOf(alice));
    expect(mails[0]!.subject).toBe('New event in Lisbon Makers: Robot night');
    expect(mails[0]!.text).toContain(`/events/${e.slug}`);
    expect(tokenIn(mails[0]!.text)).toMatch(new RegExp(`^${group.id}\\.${alice.id}\\.[0-9a-f]{32}$`));

    // Visibility closed and opened again, out of the group and back, the sweep run, notify
    // called again by hand: still one notification and one email each.
    await g.sqlAs(eventOrganizer)(`update public.events set visibility = 'unlisted' where id = $1`, [e.id]);
    await g.sqlAs(eventOrganizer)(`update public.events set visibility = 'public' where id = $1`, [e.id]);
    await g.sqlAs(eventOrganizer)('update public.events set group_id = null where id = $1', [e.id]);
    await g.sqlAs(eventOrganizer)('update public.events set group_id = $2 where id = $1', [e.id, group.id]);
    expect((await g.db.query('select group_id from public.events where id = $1', [e.id])).rows).toEqual([{ group_id: group.id }]);
    await g.db.query(`update public.notifications set created_at = created_at - interval '2 minutes' where kind = 'group_event_published'`);
    await g.db.query('select private.email_pending_notifications()');
    const [note] = (await g.db.query<{ id: string }>(`select id from public.notifications where user_id = $1 and kind = 'group_event_published'`, [alice.id])).rows;
    await g.service().functions.invoke('notify', { body: { id: note!.id } });
    expect(await alerts(alice)).toHaveLength(1);
    expect(await settledMail(g, alice, 'group_event_published')).toHaveLength(1);
    expect(await settledMail(g, organizer, 'group_event_published')).toHaveLength(1);
    for (const m of [bob, carol, dan, eve, eventOrganizer]) expect(await mailTo(g, m, 'group_event_published'), m.username).toEqual([]);
  });

  it('are not sent for unlisted or private events', async () => {
    const before = (await alerts(alice)).length;
    await createEvent(g, eventOrganizer, { group_id: group.id, visibility: 'unlisted', title: 'Quiet one' });
    await createEvent(g, eventOrganizer, { group_id: group.id, visibility: 'private', title: 'Invite only' });
    expect(await alerts(alice)).toHaveLength(before);
  });

  it('honour an alert turned off after the notification was made: no email', async () => {
    await g.db.exec('alter table public.notifications disable trigger notifications_email');
    let e: { id: string; slug: string };
    try {
      e = await createEvent(g, organizer, { group_id: group.id, title: 'Changed my mind' });
    } finally {
      await g.db.exec('alter table public.notifications enable trigger notifications_email');
    }
    await g.sqlAs(alice)(`update public.group_members set alerts = 'none' where group_id = $1 and user_id = $2`, [group.id, alice.id]);
    await g.db.query(`update public.notifications set created_at = now() - interval '2 minutes' where payload ->> 'event_id' = $1`, [e.id]);
    await g.db.query('select private.email_pending_notifications()');
    await settledMail(g, alice, 'group_event_published');
    expect((await emailStatuses(g, alice, 'group_event_published')).at(-1)).toBe('opted_out');
    expect(await mailTo(g, alice, 'group_event_published')).toHaveLength(1);
    await g.sqlAs(alice)(`update public.group_members set alerts = 'all' where group_id = $1 and user_id = $2`, [group.id, alice.id]);
  });
});

describe('the unsubscribe link', () => {
  it('works without signing in, once and again, and only for its member and group', async () => {
    const [mail] = await mailTo(g, organizer, 'group_event_published');
    const token = tokenIn(mail!.text)!;
    const anon = g.anon();
    const shown = await anon.rpc('group_alerts_link', { token });
    expect(shown).toMatchObject({ status: 200, data: { group_id: group.id, slug: group.slug, name: 'Lisbon Makers', alerts: 'all' } });
    const done = await anon.rpc('unsubscribe_group_alerts', { token });
    expect(done.data).toEqual({ group_id: group.id, slug: group.slug, name: 'Lisbon Makers', alerts: 'none' });
    expect((await anon.rpc('unsubscribe_group_alerts', { token })).data).toMatchObject({ alerts: 'none' });
    const rows = await g.db.query('select user_id, alerts from public.group_members where group_id = $1 and status = $2 order by user_id', [group.id, 'active']);
    expect(rows.rows.filter((r) => r.alerts === 'none').map((r) => r.user_id).sort()).toEqual([organizer.id, bob.id].sort());
    // Off means off: the next event tells alice, not the organizer.
    await createEvent(g, eventOrganizer, { group_id: group.id, title: 'After unsubscribing' });
    expect((await alerts(organizer)).map((a) => a.payload.title)).not.toContain('After unsubscribing');
    expect((await alerts(alice)).map((a) => a.payload.title)).toContain('After unsubscribing');
    // Signed in again, the member turns them back on in the app.
    await g.sqlAs(organizer)(`update public.group_members set alerts = 'all' where group_id = $1 and user_id = $2`, [group.id, organizer.id]);
  });

  it('refuses a forged or altered link, and changes nothing', async () => {
    const [mail] = await mailTo(g, alice, 'group_event_published');
    const token = tokenIn(mail!.text)!;
    const [gid, uid, sig] = token.split('.') as [string, string, string];
    const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    const forged = [
      `${gid}.${uid}.${flipped}`, // a changed signature
      `${gid}.${organizer.id}.${sig}`, // alice's signature for someone else
      `${'6f1c2c1e-0000-4000-8000-0000000000aa'}.${uid}.${sig}`, // for another group
      `${gid}.${uid}`, 'nonsense', '', `${gid}.${uid}.${sig}.extra`,
    ];
    for (const t of forged) {
      const { error, status } = await g.anon().rpc('unsubscribe_group_alerts', { token: t });
      expect(status, t).toBe(400);
      expect(error, t).toMatchObject({ code: 'invalid_unsubscribe_link', message: 'This unsubscribe link is not valid.' });
      expect((await g.anon().rpc('group_alerts_link', { token: t })).error?.code, t).toBe('invalid_unsubscribe_link');
    }
    const rows = await g.db.query(`select count(*)::int as n from public.group_members where group_id = $1 and alerts = 'none'`, [group.id]);
    expect(rows.rows[0]).toEqual({ n: 1 }); // bob, as he chose
    // Case and whitespace from a mail client do not matter.
    expect((await g.anon().rpc('group_alerts_link', { token: ` ${token.toUpperCase()}\n` })).data).toMatchObject({ alerts: 'all' });
  });
});

describe('announcements', () => {
  const post = (m: Member, subject: string, body = 'See you there.') =>
    g.sqlAs(m)<{ n: number }>('select public.post_group_announcement($1, $2, $3) as n', [group.id, subject, body]).then((r) => r[0]!.n);

  it('reach every active member in-app and by email, whatever their alerts; the record keeps the count', async () => {
    expect(await post(organizer, 'New venue', 'We moved to the\nLX Factory.')).toBe(3); // event organizer, alice, bob
    const { rows } = await g.db.query<{ user_id: string; payload: Record<string, unknown> }>(
      `select user_id, payload from public.notifications where kind = 'group_announcement'`);
    expect(rows.map((r) => r.user_id).sort()).toEqual([eventOrganizer.id, alice.id, bob.id].sort());
    expect(rows[0]!.payload).toMatchObject({ group_id: group.id, group_slug: group.slug, group_name: 'Lisbon Makers', subject: 'New venue', body: 'We moved to the\nLX Factory.', from_name: 'organizer' });
    const mails = await settledMail(g, bob, 'group_announcement');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New venue · Lisbon Makers');
    expect(mails[0]!.text).toContain('> We moved to the\n> LX Factory.');
    expect(mails[0]!.text).toContain(`/g/${group.slug}`);
    const [rec] = await g.sqlAs(alice)<{ subject: string; recipient_count: number; author_id: string }>(
      'select subject, recipient_count, author_id from public.group_announcements where group_id = $1', [group.id]);
    expect(rec).toEqual({ subject: 'New venue', recipient_count: 3, author_id: organizer.id });
    const log = await g.sqlAs(admin)<{ details: Record<string, unknown> }>(`select details from public.moderation_log where action = 'announcement_sent' and target_id = $1`, [group.id]);
    expect(log[0]!.details).toMatchObject({ subject: 'New venue', recipient_count: 3 });
  });

  it('are for organizers and co-organizers, checked, and limited to 3 an hour per group', async () => {
    expect(await expectAppError(post(eventOrganizer, 'Hi'))).toEqual({ code: 'not_group_manager', message: "Only the group's organizers and co-organizers can do that.", status: 403 });
    expect(await expectAppError(post(alice, 'Hi'))).toMatchObject({ code: 'not_group_manager' });
    expect(await expectAppError(post(organizer, '  '))).toEqual({ code: 'invalid_subject', message: 'The subject must be 1 to 120 characters long.', status: 400 });
    expect(await expectAppError(post(organizer, 'x'.repeat(121)))).toMatchObject({ code: 'invalid_subject' });
    expect(await expectAppError(post(organizer, 'Hi', ''))).toEqual({ code: 'invalid_message', message: 'The message must be 1 to 5,000 characters long.', status: 400 });
    expect(await expectAppError(post(organizer, 'Hi', 'x'.repeat(5001)))).toMatchObject({ code: 'invalid_message' });
    await post(organizer, 'Second');
    await post(organizer, 'Third');
    const { error, status } = await (await client(organizer)).rpc('post_group_announcement', { group_id: group.id, subject: 'Fourth', body: 'x' });
    expect(status).toBe(429);
    expect(error).toMatchObject({ code: 'rate_limited', message: "You're doing that too often. Try again in a minute." });
    const lonely = await createGroup(g, alice, { name: 'Just me' });
    expect(await expectAppError(g.sqlAs(alice)('select public.post_group_announcement($1, $2, $3)', [lonely.id, 'Hello?', 'Anyone?']))).toEqual({
      code: 'no_recipients', message: 'The group has no other members yet.', status: 409,
    });
    expect((await g.db.query('select 1 from public.group_announcements where group_id = $1', [lonely.id])).rows).toEqual([]);
  });
});
