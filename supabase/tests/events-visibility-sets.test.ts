import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, makeGroupCast, type GroupCast } from './support/group-cast.ts';

// The events' select policy (and event_stats', which follows it) and Discover's listing ask sets of ids computed once per statement
// (migrations 20261129350000, 20261129350100 and 20261129350200, decisions 0350 and 0351) instead of
// private.can_view_event and private.listed_in_discover per row. On a population of events in
// every state, for every kind of caller, both must let through exactly the rows the old
// expressions did. The old expressions are kept here, as they were, in a function the test owns.

const OLD_POLICY = `
  create function public.test_old_event_visibility() returns setof uuid
  language sql stable security definer set search_path = '' as $$
    select e.id from public.events e
    where (e.status <> 'draft' and e.visibility in ('public', 'unlisted') and e.hidden_at is null and e.group_id is null)
       or e.host_id = (select auth.uid()) or (select private.can_view_event(e.id))
  $$`;

const OLD_STATS_POLICY = `
  create function public.test_old_stats_visibility() returns setof uuid
  language sql stable security definer set search_path = '' as $$
    select s.event_id from public.event_stats s where (select private.can_view_event(s.event_id))
  $$`;

// search_events before 20261129350100, as the caller (row-level security by the old policy).
const OLD_DISCOVER = `
  select e.id from public.events e
  where e.id in (select public.test_old_event_visibility())
    and e.status = 'published' and e.hidden_at is null and private.listed_in_discover(e.visibility, e.group_id)
    and e.ends_at >= now() - interval '1 year' and (not $1 or private.is_group_member(e.group_id))`;

type Who = Member | 'anon';

let g: GatherServer;
let c: GroupCast;
let who: [string, Who][];
let hidden: { id: string };
let boss: Member;
let suspended: Member;

beforeAll(async () => {
  g = await startGather();
  c = await makeGroupCast(g);
  const [host, cohost, checker, invitee, emailed, rsvper, leaver, suspendedOne, bossOne] = await Promise.all(
    ['host', 'cohost', 'checker', 'invitee', 'emailed', 'rsvper', 'leaver', 'suspended', 'boss'].map((u) => g.member(u)),
  );
  suspended = suspendedOne!;
  boss = bossOne!;
  // A hidden group, and one withheld because its organizer is suspended.
  hidden = await createGroup(g, c.organizer, { name: 'Hidden circle' });
  await g.db.query('update public.groups set hidden_at = now() where id = $1', [hidden.id]);
  const withheld = await createGroup(g, boss, { name: 'Suspended boss circle' });
  await g.db.query(`insert into public.group_members (group_id, user_id, role, status) values ($1, $2, 'member', 'active')`, [withheld.id, c.member.id]);

  // Every visibility in every state, outside groups and in each kind of group.
  await g.db.query(
    `insert into public.events (host_id, title, starts_at, ends_at, venue_name, lat, lng, group_id, visibility, status, hidden_at, cancel_reason)
     select coalesce(grp.host, $1::uuid), 'Case ' || v || ' ' || st || ' ' || grp.name, now() + interval '5 days', now() + interval '5 days 2 hours',
            'Hall', 38.7, -9.1, grp.id, v::public.event_visibility,
            (case st when 'hidden' then 'published' else st end)::public.event_status,
            case when st = 'hidden' then now() end, case when st = 'cancelled' then 'Rain' end
     from (values (null::uuid, null::uuid, 'solo'), ($2, $6::uuid, 'open'), ($3, $6, 'closed'), ($4, $6, 'hidden'), ($5, $7::uuid, 'withheld')) grp (id, host, name)
     cross join unnest(array['public', 'unlisted', 'members', 'private']) v
     cross join unnest(array['published', 'draft', 'cancelled', 'hidden']) st
     where grp.id is not null or v <> 'members'`,
    [host!.id, c.open.id, c.closed.id, hidden.id, withheld.id, c.organizer.id, boss.id],
  );
  const ids = async (where: string) => (await g.db.query<{ id: string }>(`select id from public.events where ${where}`)).rows.map((r) => r.id);
  // A team on some events outside groups: a co-host on the drafts, a checker on the private ones.
  for (const id of await ids(`group_id is null and status = 'draft'`)) await g.db.query(`insert into public.event_hosts (event_id, user_id, role) values ($1, $2, 'cohost')`, [id, cohost!.id]);
  for (const id of await ids(`visibility = 'private' and title like '%solo'`)) await g.db.query(`insert into public.event_hosts (event_id, user_id, role) values ($1, $2, 'checker')`, [id, checker!.id]);
  // The doors into private events: an invitation to the account, an RSVP (even a cancelled
  // one), an email invitation to the confirmed address; and a cancelled RSVP to members-only
  // events, which opens nothing.
  for (const id of await ids(`visibility = 'private'`)) {
    await g.db.query('insert into public.event_invites (event_id, user_id) values ($1, $2)', [id, invitee!.id]);
    await g.db.query(`insert into public.rsvps (event_id, user_id, status) values ($1, $2, 'cancelled')`, [id, rsvper!.id]);
    await g.db.query(`insert into public.invitations (event_id, via, email) values ($1, 'email', 'emailed@test.example')`, [id]);
  }
  for (const id of await ids(`visibility = 'members'`)) await g.db.query(`insert into public.rsvps (event_id, user_id, status) values ($1, $2, 'cancelled')`, [id, leaver!.id]);
  // A suspended account holding an RSVP, and the suspended organizer withholding their group.
  await g.db.query(`insert into public.rsvps (event_id, user_id, status) values ((select id from public.events where title = 'Case private published solo'), $1, 'going')`, [suspended.id]);
  for (const m of [suspended, boss]) await g.sqlAs(c.admin)(`select public.suspend_user($1, true, 'scam')`, [m.id]);
  await g.db.query(OLD_POLICY);
  await g.db.query(OLD_STATS_POLICY);
  await g.db.query('grant execute on function public.test_old_event_visibility(), public.test_old_stats_visibility() to anon, authenticated');
  who = [
    ['anon', 'anon'],
    ...([host, cohost, checker, invitee, emailed, rsvper, leaver, suspended, boss] as Member[]).map((m): [string, Who] => [m.username, m]),
    ...(['organizer', 'coOrganizer', 'eventOrganizer', 'member', 'pending', 'banned', 'outsider', 'admin'] as const).map((k): [string, Who] => [k, c[k]]),
  ];
}, 180_000);
afterAll(() => g.stop());

const sorted = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe('events seen through the select policy', () => {
  it('are, for every caller, exactly those the old per-row policy let through', async () => {
    const total = Number((await g.db.query<{ n: string }>('select count(*) as n from public.events')).rows[0]!.n);
    expect(total).toBeGreaterThan(70);
    const seen: Record<string, number> = {};
    for (const [name, w] of who) {
      const now = sorted(await g.sqlAs(w)<{ id: string }>('select id from public.events'));
      const old = sorted(await g.sqlAs(w)<{ id: string }>('select id from public.test_old_event_visibility() id'));
      expect(now, name).toEqual(old);
      seen[name] = now.length;
    }
    // The population tells the callers apart: anon sees the open events only, the admin all.
    expect(seen.anon).toBeGreaterThan(0);
    expect(seen.admin).toBe(total);
    for (const name of ['invitee', 'emailed', 'rsvper', 'member', 'eventOrganizer', 'cohost', 'checker']) expect(seen[name], name).toBeGreaterThan(seen.anon!);
    expect(seen.leaver).toBe(seen.outsider);
  });

  it("and their counts (event_stats) as the old per-row policy let them through", async () => {
    const stats = Number((await g.db.query<{ n: string }>('select count(*) as n from public.event_stats')).rows[0]!.n);
    expect(stats).toBeGreaterThan(70);
    for (const [name, w] of who) {
      const now = (await g.sqlAs(w)<{ id: string }>('select event_id as id from public.event_stats')).map((r) => r.id).sort();
      const old = sorted(await g.sqlAs(w)<{ id: string }>('select id from public.test_old_stats_visibility() id'));
      expect(now, name).toEqual(old);
    }
  });
});

describe("Discover's search", () => {
  it('lists, for every caller, the events the old listing did, with and without "my groups" (search_events, discover_events)', async () => {
    for (const [name, w] of who) {
      for (const mine of [false, true]) {
        const now = sorted(
          await g.sqlAs(w)<{ id: string }>(`select id from public.search_events(starts_after => now() - interval '1 year', in_my_groups => $1)`, [mine]),
        );
        const old = sorted(await g.sqlAs(w)<{ id: string }>(OLD_DISCOVER, [mine]));
        expect(now, `${name}${mine ? ' (my groups)' : ''}`).toEqual(old);
        const unordered = sorted(
          await g.sqlAs(w)<{ id: string }>(`select id from public.discover_events(starts_after => now() - interval '1 year', in_my_groups => $1)`, [mine]),
        );
        expect(unordered, `${name}: discover_events`).toEqual(now);
        const [count] = await g.sqlAs(w)<{ total: number }>(
          `select total from public.search_events_count(starts_after => now() - interval '1 year', in_my_groups => $1)`, [mine]);
        expect(count!.total, name).toBe(now.length);
      }
    }
  });

  it('counts up to 1,001 matches: more than 1,000 reads as 1,001', async () => {
    // 1,005 matches in one statement, triggers off (they cost seconds here and count nothing).
    await g.db.query(
      `do $$ begin
         perform set_config('session_replication_role', 'replica', true);
         insert into public.events (host_id, slug, title, starts_at, ends_at, venue_name, lat, lng, status, published_at)
         select '${c.organizer.id}', 'crowd-night-' || i, 'Crowd night ' || i, now() + i * interval '1 minute' + interval '30 days',
                now() + i * interval '1 minute' + interval '30 days 1 hour', 'Hall', 38.7, -9.1, 'published', now()
         from generate_series(1, 1005) i;
       end $$`,
    );
    const args = `query => 'crowd', starts_after => now()`;
    const [capped] = await g.sqlAs('anon')<{ total: number }>(`select total from public.search_events_count(${args})`);
    const [all] = await g.sqlAs('anon')<{ n: number }>(`select count(*)::int as n from public.search_events(${args})`);
    expect(all!.n).toBe(1005);
    expect(capped!.total).toBe(1001);
    const [few] = await g.sqlAs('anon')<{ total: number }>(`select total from public.search_events_count(query => 'crowd night 1004', starts_after => now())`);
    expect(few!.total).toBe(1);
  });
});

// Every event's id, for a caller to ask about events its row-level security hides.
const ALL_EVENT_IDS = `
  create function public.test_all_event_ids() returns setof uuid
  language sql stable security definer set search_path = '' as $$ select id from public.events $$`;

describe("Discover's card prices (private.card_price, migration 20261129368000)", () => {
  it('answer, for every caller, for exactly the events can_view_event lets them see', async () => {
    await g.db.query(ALL_EVENT_IDS);
    await g.db.query('grant execute on function public.test_all_event_ids() to anon, authenticated');
    for (const [name, w] of who) {
      // card_price gives a row (its sold_out never null) or none: no price for an event not seen.
      const rows = await g.sqlAs(w)<{ id: string; priced: boolean; seen: boolean }>(
        `select id, (private.card_price(id)).sold_out is not null as priced, private.can_view_event(id) as seen
         from public.test_all_event_ids() id`);
      expect(rows.filter((r) => r.priced !== r.seen).map((r) => r.id), name).toEqual([]);
      expect(rows.some((r) => r.priced), name).toBe(true);
    }
  });
});

// The open groups' rule as open_group_ids computed it before 20261201231000 kept it in a table.
const OPEN_GROUPS_RULE = `
  select g.id from public.groups g
  where g.visibility = 'public' and g.hidden_at is null
    and not exists (select 1 from public.group_members m join public.profile_private p on p.id = m.user_id
                    where m.group_id = g.id and m.role = 'organizer' and m.status = 'active' and p.suspended_at is not null)`;

describe('the open groups (private.open_groups, kept by triggers)', () => {
  it('follow every write that opens or closes a group, and anon sees the events the old policy did after each', async () => {
    const db = (sql: string, params: unknown[]) => () => g.db.query(sql, params);
    const suspend = (m: Member, on: boolean) => () => g.sqlAs(c.admin)('select public.suspend_user($1, $2)', [m.id, on]);
    const steps: [string, () => Promise<unknown>][] = [
      ['the hidden group shown again', db('update public.groups set hidden_at = null where id = $1', [hidden.id])],
      ["the boss's suspension lifted", suspend(boss, false)],
      ['the closed group made public', db(`update public.groups set visibility = 'public' where id = $1`, [c.closed.id])],
      ['a suspended organizer added to the open group', db(`insert into public.group_members (group_id, user_id, role, status) values ($1, $2, 'organizer', 'active')`, [c.open.id, suspended.id])],
      ['that organizer made a member', db(`update public.group_members set role = 'member' where group_id = $1 and user_id = $2`, [c.open.id, suspended.id])],
      ['and an organizer again', db(`update public.group_members set role = 'organizer' where group_id = $1 and user_id = $2`, [c.open.id, suspended.id])],
      ['and removed', db('delete from public.group_members where group_id = $1 and user_id = $2', [c.open.id, suspended.id])],
      ['the group hidden again', db('update public.groups set hidden_at = now() where id = $1', [hidden.id])],
      ['the boss suspended again', suspend(boss, true)],
      ['the closed group private again', db(`update public.groups set visibility = 'private' where id = $1`, [c.closed.id])],
    ];
    const changes: number[] = [];
    let before = Number((await g.db.query<{ n: string }>('select count(*) as n from private.open_groups')).rows[0]!.n);
    for (const [step, run] of steps) {
      await run();
      const kept = (await g.db.query<{ id: string }>('select group_id as id from private.open_groups')).rows;
      const rule = (await g.db.query<{ id: string }>(OPEN_GROUPS_RULE)).rows;
      expect(sorted(kept), step).toEqual(sorted(rule));
      changes.push(kept.length - before);
      before = kept.length;
      const now = sorted(await g.sqlAs('anon')<{ id: string }>('select id from public.events'));
      const old = sorted(await g.sqlAs('anon')<{ id: string }>('select id from public.test_old_event_visibility() id'));
      expect(now, step).toEqual(old);
    }
    // Each step changed the set: none of them was a no-op the comparison could not catch.
    expect(changes).toEqual([1, 1, 1, -1, 1, -1, 1, -1, -1, -1]);
  });
});
