// Discover's list read from the date index (migration 20261129360000, decisions 0390–0391): without
// words the app asks discover_event_series with GET and `order=starts_at,id`; with words
// search_event_series, whose matches now come from an index search (events_matching_words). On a
// population of events in every state, in and out of groups, in series and with ticket types,
// for anon and signed-in callers, both must give exactly the cards (order, one per series, prices,
// counts) that the reads before them gave. The reads before are kept here as they were.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { DISCOVER_CARD_COLUMNS, DISCOVER_COUNT_RPC, DISCOVER_LIST_ORDER, DISCOVER_LIST_RPC, DISCOVER_SEARCH_RPC } from '../functions/_shared/page-contract.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join, makeGroupCast, type GroupCast } from './support/group-cast.ts';
import { createSeries } from './support/series.ts';
import { oldSearchSeriesSql } from './support/old-discover-search.ts';

// private.discover_matches and search_event_series as migrations 20261129350100 and
// 20261129321000 left them (words matched per row), as an invoker function of the test's own.
const OLD_SERIES = oldSearchSeriesSql('test_old_search_event_series');

type Card = Record<string, unknown> & { id: string; title: string };

let g: GatherServer;
let c: GroupCast;
let callers: [string, SupabaseClient][];
let host: Member;
const day = (d: number) => new Date(Date.now() + d * 864e5).toISOString();

beforeAll(async () => {
  g = await startGather();
  c = await makeGroupCast(g);
  host = await g.member('list_host');
  // A member's own group whose organizer is then suspended: withheld from everyone's Discover.
  const boss = await g.member('list_boss');
  const withheld = await createGroup(g, boss, { name: 'Withheld circle' });
  await join(g, c.member, withheld.id);
  await g.db.query(
    `insert into public.events (host_id, group_id, title, starts_at, ends_at, venue_name, lat, lng, status)
     values ($1, $2, 'Withheld jazz evening', now() + interval '6 days', now() + interval '6 days 2 hours', 'Hall', 38.7, -9.1, 'published')`,
    [boss.id, withheld.id]);
  await g.sqlAs(c.admin)(`select public.suspend_user($1, true, 'scam')`, [boss.id]);

  // Outside groups: every visibility and state, a running one, an ended one, online, other categories.
  const solo: [string, Record<string, unknown>][] = [
    ['Jazz night by the river', { days: 2, category: 'music' }],
    ['Jazz brunch, 50% off', { days: 3, category: 'food', currency: 'EUR' }],
    ['Pottery_wheel class', { days: 4, category: 'arts' }],
    ['Online code review', { days: 5, is_online: true, venue_name: null, lat: null, lng: null, category: 'tech' }],
    ['Private jazz supper', { days: 6, visibility: 'private' }],
    ['Unlisted jazz jam', { days: 7, visibility: 'unlisted' }],
    ['Draft jazz idea', { days: 8, status: 'draft' }],
    ['Cancelled jazz gig', { days: 9 }],
    ['Hidden jazz show', { days: 10 }],
    ['Running festival of jazz', { days: 13 }],
    ['Ended jazz picnic', { days: 14 }],
    ['Far away jazz', { days: 11, lat: 48.85, lng: 2.35 }],
  ];
  const ids: Record<string, string> = {};
  for (const [title, fields] of solo) ids[title] = (await createEvent(g, host, { title, ...fields })).id;
  await g.db.query('update public.events set hidden_at = now() where id = $1', [ids['Hidden jazz show']]);
  await g.db.query(`update public.events set status = 'cancelled', cancel_reason = 'Rain', cancelled_at = now() where id = $1`, [ids['Cancelled jazz gig']]);
  // Dates in the past are the database's to set (an event is created ahead).
  await g.db.query(`update public.events set starts_at = now() - interval '1 day', ends_at = now() + interval '1 day' where id = $1`, [ids['Running festival of jazz']]);
  await g.db.query(`update public.events set starts_at = now() - interval '2 days', ends_at = now() - interval '2 days' + interval '2 hours' where id = $1`, [ids['Ended jazz picnic']]);

  // Ticket types: a paid event from €5, and one sold out.
  const paid = ids['Jazz brunch, 50% off']!;
  const hostClient = g.client(await signToken(host.claims));
  for (const t of [{ name: 'Standard', price: 1500 }, { name: 'Early', price: 500 }, { name: 'Friends', price: 100, hidden: true, access_code: 'X' }]) {
    expect((await hostClient.from('ticket_types').insert({ event_id: paid, ...t })).error).toBeNull();
  }
  const soldOut = (await createEvent(g, host, { title: 'Sold out jazz dinner', days: 12, currency: 'EUR' })).id;
  expect((await hostClient.from('ticket_types').insert({ event_id: soldOut, name: 'Seat', price: 2000, quantity: 1 })).error).toBeNull();
  await g.db.query('update public.ticket_types set sold_count = 1 where event_id = $1', [soldOut]);

  // Series: weekly outside groups (its first date hidden), weekly in the open group, and
  // members-only weekly in the private group.
  const a = await createEvent(g, host, { title: 'Weekly jazz circle', days: 1, category: 'music' });
  const sa = await createSeries(g, host, a.id, 'FREQ=WEEKLY;COUNT=6');
  await g.db.query('update public.events set hidden_at = now() where id = $1', [a.id]);
  const b = await createEvent(g, c.eventOrganizer, { title: 'Open circle weekly code', days: 2, group_id: c.open.id, category: 'tech' });
  await createSeries(g, c.eventOrganizer, b.id, 'FREQ=WEEKLY;COUNT=5');
  const m = await createEvent(g, c.organizer, { title: 'Closed circle weekly jazz', days: 3, group_id: c.closed.id, visibility: 'members' });
  await createSeries(g, c.organizer, m.id, 'FREQ=WEEKLY;COUNT=4');
  expect(sa.events).toHaveLength(6);

  await g.db.query(OLD_SERIES);
  await g.db.query(`grant execute on function public.test_old_search_event_series(text, public.event_category, timestamptz, timestamptz,
    boolean, double precision, double precision, double precision, boolean) to anon, authenticated`);
  await g.reloadSchema();
  callers = [['anon', g.anon()]];
  for (const k of ['member', 'outsider', 'organizer', 'pending', 'banned', 'admin'] as const) callers.push([k, g.client(await signToken(c[k].claims))]);
  callers.push(['host', hostClient]);
}, 180_000);
afterAll(() => g?.stop());

async function rows(p: PromiseLike<{ data: unknown; error: unknown }>): Promise<Card[]> {
  const r = await p;
  expect(r.error).toBeNull();
  return r.data as Card[];
}

/** The cards as the app asks them now (search-events.ts): GET, ordered by the request without words. */
function newPage(db: SupabaseClient, args: Record<string, unknown>, from: number, to: number) {
  const words = typeof args.query === 'string';
  let request = db.rpc(words ? DISCOVER_SEARCH_RPC : DISCOVER_LIST_RPC, args, { get: true }).select(DISCOVER_CARD_COLUMNS);
  if (!words) for (const column of DISCOVER_LIST_ORDER) request = request.order(column);
  return rows(request.range(from, to));
}

/** The cards as the app asked them before: the ordered function, a JSON body. */
const oldCards = (db: SupabaseClient, args: Record<string, unknown>) =>
  rows(db.rpc('test_old_search_event_series', args).select(DISCOVER_CARD_COLUMNS).range(0, 999));

const FILTERS: Record<string, unknown>[] = [
  {},
  { category: 'music' },
  { online_only: true },
  { starts_before: day(5) },
  { starts_after: day(8) },
  { in_my_groups: true },
  { near_lat: 38.7223, near_lng: -9.1393, radius_km: 25 },
  { query: 'jazz' },
  { query: 'weekly' },
  { query: '50%' },
  { query: 'pottery_wheel' },
  { query: 'ja' },
  { query: 'code', category: 'tech' },
];

describe("Discover's list from the date index", () => {
  it('gives every caller the same cards, in the same order, one per series, with the same prices, as before', async () => {
    const seen: Record<string, number> = {};
    for (const [name, db] of callers) {
      for (const f of FILTERS) {
        const args = { starts_after: new Date().toISOString(), online_only: false, ...f };
        const old = await oldCards(db, args);
        const now = await newPage(db, args, 0, 999);
        expect(now, `${name} ${JSON.stringify(f)}`).toEqual(old);
        // Page by page as "Load more" asks (pages of 5 here).
        const paged: Card[] = [];
        for (let from = 0; from < old.length + 5; from += 5) paged.push(...(await newPage(db, args, from, from + 4)));
        expect(paged, `${name} ${JSON.stringify(f)} paged`).toEqual(old);
        const count = await db.rpc(DISCOVER_COUNT_RPC, args, { get: true }).single<{ total: number }>();
        expect(count.data?.total, `${name} ${JSON.stringify(f)} count`).toBe(old.length);
        if (Object.keys(f).length === 0) seen[name] = old.length;
      }
    }
    // The population tells the callers apart, and the default list has series, prices and words.
    expect(seen.member).toBeGreaterThan(seen.outsider!);
    expect(seen.outsider).toBe(seen.anon);
    expect(seen.pending).toBe(seen.anon);
    const anon = await newPage(g.anon(), { starts_after: new Date().toISOString() }, 0, 999);
    const byTitle = Object.fromEntries(anon.map((r) => [r.title, r]));
    expect(byTitle['Weekly jazz circle']).toMatchObject({ more_dates: 4 });
    expect(byTitle['Open circle weekly code']).toMatchObject({ more_dates: 4 });
    expect(byTitle['Closed circle weekly jazz']).toBeUndefined();
    expect(byTitle['Jazz brunch, 50% off']).toMatchObject({ price_from: 500, tickets_sold_out: false });
    expect(byTitle['Sold out jazz dinner']).toMatchObject({ price_from: null, tickets_sold_out: true });
    expect(byTitle['Running festival of jazz']).toBeDefined();
    expect(anon.map((r) => r.title).filter((t) => /Private|Unlisted|Draft|Cancelled|Hidden|Ended|Withheld/.test(t))).toEqual([]);
    expect(anon.map((r) => r.starts_at)).toEqual(anon.map((r) => r.starts_at).sort());
  });

  it('finds words through the index search only among events Discover could list', async () => {
    const ids = await g.sqlAs('anon')<{ title: string }>(
      `select e.title from public.events e where e.id in (select private.events_matching_words('jazz')) order by e.title`);
    // Row-level security still applies to the events read by id: no private, draft or hidden one.
    expect(ids.map((r) => r.title)).not.toContain('Private jazz supper');
    expect(ids.map((r) => r.title)).not.toContain('Draft jazz idea');
    const definer = await g.db.query<{ n: number }>(
      `select count(*)::int as n from private.events_matching_words('jazz') m (id) join public.events e on e.id = m.id
       where e.visibility in ('private', 'unlisted') or e.status <> 'published' or e.hidden_at is not null`);
    expect(definer.rows[0]!.n).toBe(0);
  });
});
