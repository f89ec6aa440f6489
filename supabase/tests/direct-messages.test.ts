import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChanges } from '../../server/test/helpers/realtime.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';

// Private messages (issue 33, decisions 0347-0349) through the real server and supabase-js:
// visible to their two people only, who may write first, blocks, reports, read state, live,
// and answers to a host's message.

let g: GatherServer;
let ana: Member, bo: Member, cy: Member, admin: Member, banned: Member, host: Member;
let groupId = '';
const client = async (m: Member | 'anon'): Promise<SupabaseClient> => {
  if (m === 'anon') return g.anon();
  const token = await signToken(m.claims);
  return g.as(() => token);
};
const send = async (from: Member, to: Member, body: string, eventMessageId?: string) => {
  const { data, error, status } = await (await client(from)).rpc('send_direct_message', { recipient_id: to.id, body, event_message_id: eventMessageId ?? null });
  return { id: data as string | null, code: error?.code, status };
};
const bodiesFor = async (m: Member | 'anon', conversationId: string) =>
  ((await (await client(m)).from('direct_messages').select('body').eq('conversation_id', conversationId).order('created_at')).data ?? []).map((r) => r.body as string);

beforeAll(async () => {
  g = await startGather();
  [ana, bo, cy, admin, banned, host] = (await Promise.all(['ana', 'bob', 'cyd', 'admin', 'banned', 'host'].map((u) => g.member(u, { admin: u === 'admin' })))) as Member[] as [Member, Member, Member, Member, Member, Member];
  groupId = (await createGroup(g, ana, { name: 'Chess club' })).id;
  await join(g, bo, groupId);
  await join(g, banned, groupId);
  await g.sqlAs(ana)(`select public.ban_group_member($1, $2, true, 'spam')`, [groupId, banned.id]);
});
afterAll(() => g.stop());

describe('who may write first', () => {
  it('members of a shared group write to each other; an outsider, a banned member and a visitor cannot', async () => {
    const first = await send(ana, bo, 'Hi Bo');
    expect(first.code).toBeUndefined();
    expect(await send(bo, ana, 'Hi Ana')).toMatchObject({ id: first.id });
    expect(await send(cy, ana, 'Hello?')).toMatchObject({ code: 'messaging_not_allowed', status: 403 });
    expect(await send(banned, ana, 'Let me back in')).toMatchObject({ code: 'messaging_not_allowed', status: 403 });
    expect((await (await client('anon')).rpc('send_direct_message', { recipient_id: ana.id, body: 'x' })).error).not.toBeNull();
    expect(await send(ana, ana, 'me')).toMatchObject({ code: 'cannot_message_self', status: 400 });
    expect(await send(ana, bo, '   ')).toMatchObject({ code: 'invalid_body', status: 400 });
  });

  it('two people going to the same event may write; a member who allows messages from anyone gets them', async () => {
    const e = await createEvent(g, host, { title: 'Meetup' });
    await g.sqlAs(cy)('select public.rsvp($1)', [e.id]);
    expect(await send(cy, bo, 'Hi from nowhere')).toMatchObject({ code: 'messaging_not_allowed' });
    await g.sqlAs(bo)('select public.rsvp($1)', [e.id]);
    expect((await send(cy, bo, 'See you at the meetup')).code).toBeUndefined();
    const stranger = await g.member('stranger');
    expect(await send(stranger, ana, 'Hi')).toMatchObject({ code: 'messaging_not_allowed' });
    const { error } = await (await client(ana)).from('profile_private').update({ messages_from_anyone: true }).eq('id', ana.id);
    expect(error).toBeNull();
    expect((await send(stranger, ana, 'Hi')).code).toBeUndefined();
    expect((await (await client(stranger)).rpc('can_message', { recipient_id: bo.id })).data).toBe(false);
    expect((await (await client(stranger)).rpc('can_message', { recipient_id: ana.id })).data).toBe(true);
  });
});

describe('who reads', () => {
  it('a message is read by its two people only: not an outsider, a banned member, a visitor, nor an admin until it is reported', async () => {
    const { id } = await send(ana, bo, 'Just between us');
    for (const m of [ana, bo]) expect(await bodiesFor(m, id!), m.username).toContain('Just between us');
    for (const m of [cy, banned, admin, 'anon'] as const) expect(await bodiesFor(m, id!), typeof m === 'string' ? m : m.username).toEqual([]);
    expect((await (await client(cy)).from('conversations').select('id').eq('id', id!)).data).toEqual([]);
    const { data: msg } = await (await client(bo)).from('direct_messages').select('id').eq('body', 'Just between us').single();
    // Someone outside the conversation cannot report it; one of the two can, then the admin reads it.
    expect((await (await client(cy)).rpc('report_direct_message', { message_id: msg!.id, reason: 'x' })).error?.code).toBe('report_target_not_found');
    expect((await (await client(bo)).rpc('report_direct_message', { message_id: msg!.id, reason: 'Unwanted' })).error).toBeNull();
    expect((await (await client(bo)).rpc('report_direct_message', { message_id: msg!.id, reason: 'Again' })).error?.code).toBe('already_reported');
    const { data: filed } = await (await client(bo)).from('reports').select('target_type, reason, status').eq('target_id', msg!.id);
    expect(filed).toEqual([{ target_type: 'message', reason: 'Unwanted', status: 'open' }]);
    expect(await bodiesFor(admin, id!)).toEqual(['Just between us']);
  });

  it('read state: unread counts for the recipient, "seen" for the sender once read', async () => {
    const dan = await g.member('dan');
    await join(g, dan, groupId);
    const { id } = await send(dan, bo, 'One');
    await send(dan, bo, 'Two');
    const list = async (m: Member) => ((await (await client(m)).rpc('my_conversations')).data ?? []) as { id: string; other_username: string; unread: number; last_body: string }[];
    expect((await list(bo)).find((c) => c.id === id)).toMatchObject({ other_username: 'dan', unread: 2, last_body: 'Two' });
    expect((await list(dan)).find((c) => c.id === id)).toMatchObject({ other_username: 'bob', unread: 0 });
    // The sender cannot mark their own message read.
    expect((await (await client(dan)).rpc('mark_conversation_read', { conversation_id: id })).data).toBe(0);
    expect((await (await client(bo)).rpc('mark_conversation_read', { conversation_id: id })).data).toBe(2);
    expect((await list(bo)).find((c) => c.id === id)?.unread).toBe(0);
    const { data: seen } = await (await client(dan)).from('direct_messages').select('read_at').eq('conversation_id', id!);
    expect(seen?.every((r) => r.read_at !== null)).toBe(true);
    // "Seen" keeps the server's time: the recipient cannot backdate it.
    const { data: backdated } = await (await client(bo)).from('direct_messages').update({ read_at: '2001-01-01T00:00:00Z' }).eq('conversation_id', id!).select('read_at');
    expect(backdated?.map((r) => r.read_at).sort()).toEqual(seen?.map((r) => r.read_at).sort());
    // Nobody rewrites a message.
    const { data: changed } = await (await client(bo)).from('direct_messages').update({ body: 'forged' } as never).eq('conversation_id', id!).select('id');
    expect(changed ?? []).toEqual([]);
  });
});

describe('blocks', () => {
  it('a blocked member cannot write, and the conversation is hidden both ways until unblocked', async () => {
    const eve = await g.member('eve');
    await join(g, eve, groupId);
    const { id } = await send(eve, ana, 'Hey');
    const anaDb = await client(ana);
    expect((await anaDb.from('member_blocks').insert({ blocked_id: eve.id })).error).toBeNull();
    expect(await send(eve, ana, 'Hey again')).toMatchObject({ code: 'messaging_blocked', status: 403 });
    expect(await send(ana, eve, 'Bye')).toMatchObject({ code: 'messaging_blocked', status: 403 });
    expect(await bodiesFor(ana, id!)).toEqual([]);
    expect(await bodiesFor(eve, id!)).toEqual([]);
    expect((await (await client(eve)).from('member_blocks').select('*')).data).toEqual([]);
    expect((await anaDb.from('member_blocks').delete().eq('blocked_id', eve.id)).error).toBeNull();
    expect(await bodiesFor(ana, id!)).toEqual(['Hey']);
  });
});

describe('answers to a host message', () => {
  it('an attendee answers a host\'s message privately even without a shared group; a made-up id is refused', async () => {
    const e = await createEvent(g, host, { title: 'Talk night' });
    const guest = await g.member('guest');
    await g.sqlAs(guest)('select public.rsvp($1)', [e.id]);
    await g.sqlAs(guest)('select public.cancel_rsvp($1)', [e.id]);
    await g.sqlAs(guest)('select public.rsvp($1)', [e.id]);
    await g.sqlAs(host)(`select public.message_attendees($1, 'going', 'Doors', 'Doors open at 7.')`, [e.id]);
    const [m] = await g.sqlAs(host)<{ id: string }>('select id from public.event_messages where event_id = $1', [e.id]);
    await g.sqlAs(guest)('select public.cancel_rsvp($1)', [e.id]);
    expect(await send(guest, host, 'Can I still come?')).toMatchObject({ code: 'messaging_not_allowed' });
    // The recipient reads who sent it (to open the conversation); someone else reads nothing.
    const { data: forReply } = await (await client(guest)).rpc('host_message_for_reply', { message_id: m!.id });
    expect(forReply).toEqual([{ sender_id: host.id, sender_name: 'host', subject: 'Doors', body: 'Doors open at 7.', event_title: 'Talk night' }]);
    expect((await (await client(cy)).rpc('host_message_for_reply', { message_id: m!.id })).data).toEqual([]);
    const answer = await send(guest, host, 'Can I still come?', m!.id);
    expect(answer.code).toBeUndefined();
    const { data } = await (await client(host)).from('direct_messages').select('body, event_message_id, sender_id').eq('conversation_id', answer.id!);
    expect(data).toEqual([{ body: 'Can I still come?', event_message_id: m!.id, sender_id: guest.id }]);
    expect(await send(cy, host, 'Me too', m!.id)).toMatchObject({ code: 'host_message_not_found', status: 404 });
    // The host may answer back in the same conversation.
    expect((await send(host, guest, 'Yes, come along')).code).toBeUndefined();
  });
});

describe('live', () => {
  it('a new message reaches its recipient live, and nobody else', async () => {
    const fay = await g.member('fay');
    await join(g, fay, groupId);
    const subs = await Promise.all([bo, cy, admin].map(async (m, i) => [m.username, collectChanges(await client(m), `dm-${i}`, { table: 'direct_messages', event: 'INSERT' })] as const));
    await Promise.all(subs.map(([, s]) => s.ready));
    await send(fay, bo, 'Live hello');
    await expect.poll(() => subs[0]![1].got.map((p) => p.new.body)).toEqual(['Live hello']);
    await new Promise((r) => setTimeout(r, 300));
    expect(subs[1]![1].got).toEqual([]);
    expect(subs[2]![1].got).toEqual([]);
  });
});
