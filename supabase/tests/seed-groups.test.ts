import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { startGather, type GatherServer } from './support/gather-server.ts';

// The seed's communities (decision 0107): what `npm start` shows, and that it obeys the rules
// the procedures would have enforced.

let g: GatherServer;
const SEED_USER = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const asSeedMember = async (n: number, admin = false) => {
  const token = await signToken({ sub: SEED_USER(n), role: 'authenticated', aud: 'authenticated', app_metadata: admin ? { role: 'admin' } : {} });
  return g.as(() => token);
};

beforeAll(async () => {
  g = await startGather({ seed: true });
});
afterAll(() => g.stop());

describe(`seed groups (${driverName})`, () => {
  it('eight groups across the cities, with counts, every role, requests, a ban and a private one', async () => {
    const { data, error } = await g.anon().rpc('search_groups').select('name, city, visibility, join_policy, member_count, next_event_title');
    expect(error).toBeNull();
    const cards = data as { name: string; city: string; visibility: string; join_policy: string; member_count: number; next_event_title: string | null }[];
    expect(cards).toHaveLength(8);
    expect(new Set(cards.map((c) => c.city)).size).toBe(8);
    expect(cards.every((c) => c.member_count >= 4)).toBe(true);
    expect(cards.filter((c) => c.visibility === 'private').map((c) => c.name)).toEqual(['Toronto Film & Radio Circle']);
    expect(cards.filter((c) => c.join_policy === 'approval')).toHaveLength(3);
    // A private group's next event is for its members.
    expect(cards.find((c) => c.visibility === 'private')!.next_event_title).toBeNull();
    expect(cards.filter((c) => c.visibility === 'public').every((c) => c.next_event_title)).toBe(true);

    const roles = await g.db.query<{ role: string; status: string; n: number }>(
      'select role, status, count(*)::int as n from public.group_members group by role, status order by role, status');
    expect(roles.rows.map((r) => `${r.role}:${r.status}`)).toEqual([
      'organizer:active', 'co_organizer:active', 'event_organizer:active', 'member:active', 'member:pending', 'member:banned',
    ]);
    const exact = await g.db.query<{ n: number }>(`select count(*)::int as n from public.group_stats s
      where s.member_count <> (select count(*) from public.group_members m where m.group_id = s.group_id and m.status = 'active')`);
    expect(exact.rows[0]!.n).toBe(0);
  });

  it('puts most events in a group, with members-only ones, and RSVPs only where the rules allow', async () => {
    const events = await g.db.query<{ grouped: number; total: number; members: number }>(
      `select count(*) filter (where group_id is not null)::int as grouped, count(*)::int as total,
              count(*) filter (where visibility = 'members')::int as members from public.events`);
    const { grouped, total, members } = events.rows[0]!;
    expect(grouped / total).toBeGreaterThan(0.8);
    expect(members).toBe(2);
    const illegal = await g.db.query(`
      select r.event_id from public.rsvps r join public.events e on e.id = r.event_id join public.groups gr on gr.id = e.group_id
      where r.status in ('going', 'waitlisted', 'pending')
        and (((e.visibility = 'members' or gr.visibility = 'private')
              and not exists (select 1 from public.group_members m where m.group_id = gr.id and m.user_id = r.user_id and m.status = 'active'))
          or exists (select 1 from public.group_members m where m.group_id = gr.id and m.user_id = r.user_id and m.status = 'banned'))`);
    expect(illegal.rows).toEqual([]);
    // Seeding told nobody about events that were there before their groups.
    expect((await g.db.query(`select 1 from public.notifications where kind = 'group_event_published'`)).rows).toEqual([]);
  });

  it('shows Ada (a member of the private group, with a request waiting elsewhere) what a member sees', async () => {
    const ada = await asSeedMember(1, true);
    const { data: mine } = await ada.rpc('search_groups', { only_mine: true }).select('name, my_role');
    expect((mine as { my_role: string }[]).map((m) => m.my_role).sort()).toEqual(['co_organizer', 'member', 'member', 'member', 'member', 'member', 'organizer']);
    const { data: pending } = await ada.from('group_members').select('status, group:groups(name)').eq('user_id', SEED_USER(1)).eq('status', 'pending');
    expect(pending).toEqual([{ status: 'pending', group: { name: 'Sydney Stargazers' } }]);
    const { data: radio } = await ada.from('events').select('title, visibility').eq('slug', 'radio-makers-workshop');
    expect(radio).toEqual([{ title: 'Radio makers workshop', visibility: 'members' }]);
    const { data: hidden } = await g.anon().from('events').select('title').eq('slug', 'radio-makers-workshop');
    expect(hidden).toEqual([]);
    const { data: news } = await ada.from('group_announcements').select('subject, group:groups(name)').order('created_at', { ascending: false });
    expect(news!.length).toBe(5);
    const { data: anonNews } = await g.anon().from('group_announcements').select('subject');
    expect(anonNews!.length).toBe(4); // the private group's stays with its members
  });

  it("gives Grace's bell a mention, a reply to her thread and a private message, dated as they were written", async () => {
    const grace = await asSeedMember(2);
    const { data, error } = await grace.from('notifications').select('kind, payload, read_at, created_at').order('created_at', { ascending: false });
    expect(error).toBeNull();
    type Row = { kind: string; payload: Record<string, string | null>; read_at: string | null; created_at: string };
    const bell = data as Row[];
    // Newest first, as the bell lists them: Ada's message (2 h), her mention (18 h), Alan's reply (20 h).
    expect(bell.map((n) => [n.kind, n.payload.from_name, n.read_at])).toEqual([
      ['direct_message', 'Ada Lovelace', null], ['mention', 'Ada Lovelace', null], ['discussion_reply', 'Alan Turing', null],
    ]);
    const hoursAgo = bell.map((n) => Math.round((Date.now() - Date.parse(n.created_at)) / 36e5));
    expect(hoursAgo).toEqual([2, 18, 20]);

    // Each links to what it says: the reply that mentions her, in her own thread; Alan's reply
    // there; the unread message from Ada.
    const [message, mention, reply] = bell as [Row, Row, Row];
    const { data: thread } = await grace.from('discussion_threads').select('id, title, author_id').eq('id', mention.payload.thread_id!).single();
    expect(thread).toEqual({ id: mention.payload.thread_id, title: 'Which engine should we build next?', author_id: SEED_USER(2) });
    expect(mention.payload.group_slug).toBe('lisbon-analytical-society');
    const { data: posts } = await grace.from('discussion_replies').select('id, author_id, body')
      .in('id', [mention.payload.reply_id!, reply.payload.reply_id!]).order('created_at');
    expect(posts).toEqual([
      { id: reply.payload.reply_id, author_id: SEED_USER(5), body: expect.stringContaining('Punched cards') },
      { id: mention.payload.reply_id, author_id: SEED_USER(1), body: expect.stringContaining('@grace') },
    ]);
    expect(reply.payload.thread_id).toBe(thread!.id);
    const { data: dm } = await grace.from('direct_messages').select('sender_id, read_at, conversation_id').eq('id', message.payload.message_id!).single();
    expect(dm).toEqual({ sender_id: SEED_USER(1), read_at: null, conversation_id: message.payload.conversation_id });
  });

  it("keeps the seed's conversation notifications in the past: Ada's for a message she read is read, none waits to be mailed or pushed", async () => {
    const { rows: ada } = await g.db.query<{ kind: string; read: boolean }>(
      `select kind, read_at is not null as read from public.notifications where user_id = $1 and kind = 'direct_message'`, [SEED_USER(1)]);
    expect(ada).toEqual([{ kind: 'direct_message', read: true }]);
    const { rows } = await g.db.query<{ n: number; pending: number }>(
      `select count(*)::int as n, count(*) filter (where emailed_at is null or pushed_at is null or created_at > now() - interval '1 hour')::int as pending
       from public.notifications where kind in ('mention', 'discussion_reply', 'direct_message')`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
    expect(rows[0]!.pending).toBe(0);
  });
});
