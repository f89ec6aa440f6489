import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbox } from '../../server/test/helpers/inbox.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let host: Member, cohost: Member, admin: Member;
let crowd: Member[];
const client = async (m: Member) => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};
const send = (m: Member, eventId: string, audience: string, subject = 'Update', body = 'Doors open at 7.') =>
  g.sqlAs(m)<{ n: number }>('select public.message_attendees($1, $2, $3, $4) as n', [eventId, audience, subject, body]).then((r) => r[0]!.n);

/**
 * An event with 4 going, one of them suspended (so 3 reachable), and 2 waitlisted; one more
 * RSVP was cancelled (the first waitlisted moved up).
 */
async function fullHouse() {
  const e = await createEvent(g, host, { title: 'Full house', capacity: 4 });
  await g.sqlAs(host)(`select public.add_event_host($1, 'cohost', 'cohost')`, [e.id]);
  const [a, b, s, gone, w1, w2, w3] = crowd as [Member, Member, Member, Member, Member, Member, Member];
  await g.sqlAs(admin)('select public.suspend_user($1, false)', [s.id]);
  for (const m of [a, b, s, gone, w1, w2, w3]) await g.sqlAs(m)('select public.rsvp($1)', [e.id]);
  await g.sqlAs(gone)('select public.cancel_rsvp($1)', [e.id]);
  await g.sqlAs(admin)(`select public.suspend_user($1, true, 'spam')`, [s.id]);
  return { ...e, going: [a, b, w1], waitlisted: [w2, w3] };
}

beforeAll(async () => {
  g = await startGather();
  [host, cohost, admin] = (await Promise.all([g.member('host'), g.member('cohost'), g.member('admin', { admin: true })])) as [Member, Member, Member];
  crowd = [];
  for (let i = 0; i < 8; i++) crowd.push(await g.member(`guest${i}`));
});
afterAll(() => g.stop());

describe('message_attendees', () => {
  it('notifies each member of the audience once, with the message in the payload', async () => {
    const e = await fullHouse();
    expect(await send(host, e.id, 'going', 'Doors', 'Doors open at 7.')).toBe(3);
    expect(await send(cohost, e.id, 'waitlisted')).toBe(2);
    expect(await send(admin, e.id, 'both')).toBe(5);

    const { rows } = await g.db.query<{ user_id: string; payload: Record<string, unknown> }>(
      `select user_id, payload from public.notifications where kind = 'host_message' and payload ->> 'event_id' = $1 and payload ->> 'subject' = 'Doors'`, [e.id]);
    expect(rows.map((r) => r.user_id).sort()).toEqual(e.going.map((m) => m.id).sort());
    const [msg] = (await g.sqlAs(host)<{ id: string; recipient_count: number; sender_id: string; audience: string }>(
      `select id, recipient_count, sender_id, audience from public.event_messages where event_id = $1 and subject = 'Doors'`, [e.id]));
    expect(msg).toMatchObject({ recipient_count: 3, sender_id: host.id, audience: 'going' });
    const { data: sent } = await (await client(cohost)).from('event_messages').select('subject, recipient_count, sender:profiles(username)').eq('event_id', e.id).order('created_at');
    expect(sent).toEqual([
      { subject: 'Doors', recipient_count: 3, sender: { username: 'host' } }, { subject: 'Update', recipient_count: 2, sender: { username: 'cohost' } },
      { subject: 'Update', recipient_count: 5, sender: { username: 'admin' } },
    ]);
    expect(rows[0]!.payload).toEqual({
      event_id: e.id, slug: e.slug, title: 'Full house', subject: 'Doors', body: 'Doors open at 7.', from_name: 'host', message_id: msg!.id,
    });
    // Each recipient reads their own, live-capable through RLS; the suspended member got none.
    const mine = await g.sqlAs(e.going[0]!)<{ kind: string }>(`select kind from public.notifications where kind = 'host_message'`);
    expect(mine).toHaveLength(2); // 'going' and 'both'
    const suspended = crowd[2]!;
    expect((await g.db.query(`select 1 from public.notifications where user_id = $1 and kind = 'host_message'`, [suspended.id])).rows).toHaveLength(0);

    const log = await g.sqlAs(admin)<{ actor_id: string; details: Record<string, unknown> }>(
      `select actor_id, details from public.moderation_log where action = 'message_sent' and target_id = $1 order by created_at`, [e.id]);
    expect(log.map((l) => [l.actor_id, l.details.recipient_count])).toEqual([[host.id, 3], [cohost.id, 2], [admin.id, 5]]);
  });

  it('allows three messages an hour per event, with the catalogue\'s words', async () => {
    const e = await fullHouse();
    for (let i = 0; i < 3; i++) await send(host, e.id, 'going');
    const { error, status } = await (await client(cohost)).rpc('message_attendees', { event_id: e.id, audience: 'going', subject: 'One more', body: 'x' });
    expect(status).toBe(429);
    expect(error).toMatchObject({ code: 'rate_limited', message: "You're doing that too often. Try again in a minute." });
    // An hour later it is allowed again.
    await g.db.query(`update public.event_messages set created_at = created_at - interval '61 minutes' where event_id = $1`, [e.id]);
    expect(await send(cohost, e.id, 'going')).toBe(3);
  });

  it('allows ten messages a day per sender, across events', async () => {
    const sender = await g.member('busy_host');
    const events = [];
    for (let i = 0; i < 4; i++) {
      const e = await createEvent(g, sender, { title: `Busy ${i}` });
      await g.sqlAs(crowd[0]!)('select public.rsvp($1)', [e.id]);
      events.push(e);
    }
    for (let i = 0; i < 10; i++) await send(sender, events[Math.floor(i / 3)]!.id, 'going');
    expect(await expectAppError(send(sender, events[3]!.id, 'going'))).toMatchObject({ code: 'rate_limited', status: 429 });
    await g.db.query(`update public.event_messages set created_at = now() - interval '25 hours' where sender_id = $1`, [sender.id]);
    expect(await send(sender, events[3]!.id, 'going')).toBe(1);
  });

  it('is for hosts, co-hosts and admins, and checks what it sends', async () => {
    const e = await fullHouse();
    const checker = crowd[7]!;
    await g.sqlAs(host)(`select public.add_event_host($1, $2, 'checker')`, [e.id, checker.username]);
    expect(await expectAppError(send(checker, e.id, 'going'))).toEqual({ code: 'not_host', message: "Only the event's hosts can do that.", status: 403 });
    expect(await expectAppError(send(e.going[0]!, e.id, 'going'))).toMatchObject({ code: 'not_host' });
    expect(await expectAppError(send(host, e.id, 'everyone'))).toMatchObject({ code: 'invalid_audience', status: 400 });
    expect(await expectAppError(send(host, e.id, 'going', '   '))).toEqual({ code: 'invalid_subject', message: 'The subject must be 1 to 120 characters long.', status: 400 });
    expect(await expectAppError(send(host, e.id, 'going', 'x'.repeat(121)))).toMatchObject({ code: 'invalid_subject' });
    expect(await expectAppError(send(host, e.id, 'going', 'Hi', ''))).toEqual({ code: 'invalid_message', message: 'The message must be 1 to 5,000 characters long.', status: 400 });
    expect(await expectAppError(send(host, e.id, 'going', 'Hi', 'x'.repeat(5001)))).toMatchObject({ code: 'invalid_message' });
    expect(await send(host, e.id, 'going', 'x'.repeat(120), 'y'.repeat(5000))).toBe(3);
    const empty = await createEvent(g, host, { title: 'Nobody yet' });
    expect(await expectAppError(send(host, empty.id, 'both'))).toEqual({ code: 'no_recipients', message: 'Nobody is in that group yet.', status: 409 });
    expect(await g.db.query('select 1 from public.event_messages where event_id = $1', [empty.id]).then((r) => r.rows)).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('reaches the recipients by email too, through the notifications pipeline', async () => {
    const e = await createEvent(g, host, { title: 'Mailed' });
    const guest = await g.member('mailed_guest');
    await g.sqlAs(guest)('select public.rsvp($1)', [e.id]);
    await send(host, e.id, 'going', 'Parking', 'Use the side entrance.');
    await expect.poll(async () => (await inbox(g, 'mailed_guest@test.example')).map((m) => [m.subject, m.text.includes('Use the side entrance.')]), { timeout: 30_000 })
      .toContainEqual(['Parking · Mailed', true]);
  });
});

describe('mark_notifications_read', () => {
  it('marks the given ones, or all, of the caller only', async () => {
    const [a, b] = [crowd[0]!, crowd[1]!];
    await g.sqlAs('service')(`insert into public.notifications (user_id, kind) values ($1, 'n1'), ($1, 'n2'), ($1, 'n3'), ($2, 'n1')`, [a.id, b.id]);
    const unread = (m: Member) => g.sqlAs(m)<{ id: string }>('select id from public.notifications where read_at is null order by created_at, kind');
    const before = await unread(a);
    const bBefore = (await unread(b)).length;
    const one = await (await client(a)).rpc('mark_notifications_read', { ids: [before[0]!.id] });
    expect(one).toMatchObject({ data: 1, error: null });
    // Someone else's id changes nothing.
    const [theirs] = await unread(b);
    expect((await (await client(a)).rpc('mark_notifications_read', { ids: [theirs!.id] })).data).toBe(0);
    const all = await (await client(a)).rpc('mark_notifications_read');
    expect(all.data).toBe(before.length - 1);
    expect(await unread(a)).toEqual([]);
    expect(await unread(b)).toHaveLength(bBefore);
    expect((await g.anon().rpc('mark_notifications_read')).error).toBeTruthy();
  });
});
