import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('seed groups', () => {
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
});
