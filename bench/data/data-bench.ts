import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { fileURLToPath } from 'node:url';
import { startTestServer } from '../../server/test/helpers/test-server.ts';
import {
  DISCOVER_CARD_COLUMNS, DISCOVER_COUNT_RPC, DISCOVER_LIST_ORDER, DISCOVER_LIST_RPC, DISCOVER_SEARCH_RPC,
} from '../../supabase/functions/_shared/page-contract.ts';
import { fmt, median } from '../support/measure.ts';
import { crowdRsvps, memberTokens } from '../hot-rsvp/hot-rsvp-bench.ts';
import { benchIds, GROUPS, MEMBERS, seedEvents, seedPeopleAndGroups, statisticsByMaintenance } from './data-seed.ts';
import { serverMemoryBySize } from './data-memory.ts';

const PROJECT = fileURLToPath(new URL('../../supabase', import.meta.url));
const SIZES = (process.env.BENCH_DATA_SIZES ?? '100,10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

// The group page's columns (web/src/features/groups/api/group-events-api.ts).
const GROUP_COLUMNS =
  'id, slug, title, category, starts_at, ends_at, timezone, venue_name, is_online, cover_path, visibility, status, series_id, event_stats(going_count, spots_left)';

// The calendar's and the map's columns (web/src/features/discover/api/search-month.ts, map-pins.ts).
const MONTH_COLUMNS = 'id, slug, title, starts_at, timezone';
const PIN_COLUMNS = 'id, slug, title, starts_at, timezone, venue_name, lat, lng';

async function timed(op: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2; i++) await op(); // warm plans and caches
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await op();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

async function ok<T extends { error: { message: string } | null }>(p: PromiseLike<T>): Promise<T> {
  const r = await p;
  if (r.error) throw new Error(r.error.message);
  return r;
}

/** Each read as the app makes it (web/src/features/discover, groups), through REST, and the reads it made before. */
function reads(db: SupabaseClient, now: string) {
  const discover = { starts_after: now, online_only: false };
  // search-events.ts (decision 0390): GET; without words the cards unordered and the request's
  // order; with words search_event_series' relevance order.
  const page = (args: Record<string, unknown>) => {
    const words = typeof args.query === 'string';
    let request = db.rpc(words ? DISCOVER_SEARCH_RPC : DISCOVER_LIST_RPC, args, { get: true }).select(DISCOVER_CARD_COLUMNS);
    if (!words) for (const column of DISCOVER_LIST_ORDER) request = request.order(column);
    return ok(request.range(0, 19));
  };
  // The first page, then its count up to 1,001 (a full first page is counted).
  const counted = async (args: Record<string, unknown>) => {
    await page(args);
    await ok(db.rpc(DISCOVER_COUNT_RPC, args, { get: true }).single());
  };
  const windowRead = (fn: string, args: Record<string, unknown>, columns: string, rows: number) =>
    ok(db.rpc(fn, args, { get: true }).select(columns).order('starts_at').order('id').limit(rows));
  // Next month with the calendar's two days on each side.
  const day = 86_400_000;
  const month = { ...discover, starts_after: new Date(Date.parse(now) + 28 * day).toISOString(),
    starts_before: new Date(Date.parse(now) + 63 * day).toISOString() };
  const before = (fn: string) => ok(db.rpc(fn, discover).select(DISCOVER_CARD_COLUMNS).range(0, 19));
  return {
    'Discover list (20 cards)': () => page(discover),
    'Discover list (with count)': () => counted(discover),
    // What the app asked before: the ordered functions with a JSON body (decisions 0322, 0351).
    'before: card per series, POST (with count)': async () => {
      await before('search_event_series');
      await ok(db.rpc('search_event_series_count', discover).single());
    },
    'before: search_events, POST (20 cards)': () => before('search_events'),
    'before: count=exact': () => ok(db.rpc('search_events', discover, { count: 'exact' }).select(DISCOVER_CARD_COLUMNS).range(0, 19)),
    'group page events': () =>
      ok(db.from('events').select(GROUP_COLUMNS).eq('group_id', '00000000-0000-4000-b000-000000000001')
        .in('status', ['published', 'cancelled']).gte('ends_at', now).order('starts_at').limit(50)),
    'search, rare word (with count)': () => counted({ ...discover, query: 'needle' }),
    'search, common word (with count)': () => counted({ ...discover, query: 'jazz' }),
    'search, common word (20 cards)': () => page({ ...discover, query: 'jazz' }),
    // The calendar's month (search-month.ts) and the map's pins (map-pins.ts), decision 0430: the
    // unordered matches with GET, the request's order and one row past the limit, no count.
    'calendar month (201 rows)': () => windowRead('discover_events', month, MONTH_COLUMNS, 201),
    // MAP_PIN_LIMIT + 1 (map-pins.ts, decision 0454).
    'map pins (501 rows)': () => windowRead('discover_events', discover, PIN_COLUMNS, 501),
    'before: calendar month, count=exact': () =>
      ok(db.rpc('search_events', month, { count: 'exact' }).select(MONTH_COLUMNS).order('starts_at').limit(200)),
    'before: map pins, count=exact': () =>
      ok(db.rpc('search_events', discover, { count: 'exact' }).select(PIN_COLUMNS).range(0, 999)),
    'category list (events?category=eq.arts)': () =>
      ok(db.from('events').select('id, slug, title, starts_at, group_id').eq('category', 'arts').gte('ends_at', now).order('starts_at').limit(20)),
  };
}

/** The reads whose RLS-to-no-RLS ratio is printed: the same request as anon and as service_role. */
const LIST_READS = ['Discover list (20 cards)', 'Discover list (with count)', 'group page events', 'category list (events?category=eq.arts)'];

/**
 * `npm run bench -- data`: Gather's reads at 100, 10,000 and 100,000 events (10,000 members,
 * 1,000 groups), on PGlite or PostgreSQL (DATABASE_URL): each read's time as anon, its growth
 * from the smallest size, and for the list reads the ratio of anon (row-level security) to the
 * same request as service_role (no row-level security) in the same run; then 1,000 members
 * RSVPing one event at once against their driver limit (bench/hot-rsvp); then the memory of a
 * `gather-server` process holding the same data at each size (data-memory.ts).
 */
export async function dataBench(): Promise<void> {
  const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  // Trusting the loopback proxy: the crowd's RSVPs come each from an address of their own.
  const g = await startTestServer({ project: PROJECT, trustProxy: 'loopback' }, { seed: false });
  try {
    await benchIds(g.db);
    let t = performance.now();
    await seedPeopleAndGroups(g.db);
    console.log(`data (${driver}; median of ${ROUNDS}): ${MEMBERS} members and ${GROUPS} groups seeded in ${fmt((performance.now() - t) / 1000, 1)} s`);
    const now = new Date().toISOString();
    const anon = reads(g.anon(), now);
    const service = reads(g.service(), now);
    const tokens = await memberTokens();
    const base: Record<string, number> = {};
    let seeded = 0;
    for (const size of SIZES) {
      t = performance.now();
      await seedEvents(g.db, seeded, size);
      const seedS = (performance.now() - t) / 1000;
      const statistics = await statisticsByMaintenance(g.db);
      console.log(`\n  ${size} events (seeded ${size - seeded} in ${fmt(seedS, 1)} s; ${statistics})`);
      seeded = size;
      for (const [name, read] of Object.entries(anon)) {
        const ms = await timed(read);
        base[name] ??= ms;
        let line = `    ${name.padEnd(42)} ${fmt(ms, 2).padStart(8)} ms   ×${fmt(ms / base[name]!, 2)} of ${SIZES[0]}`;
        if (LIST_READS.includes(name)) {
          const limit = await timed(service[name as keyof typeof service]);
          line += `   no RLS ${fmt(limit, 2)} ms, RLS/no-RLS speed ${fmt(limit / ms, 2)}`;
        }
        console.log(line);
      }
      await crowdRsvps(g, tokens);
    }
  } finally {
    await g.stop();
  }
  console.log(`\n  memory of gather-server holding the same data (${driver})`);
  const now = new Date().toISOString();
  await serverMemoryBySize(SIZES, async (url, anonKey) => {
    for (const read of Object.values(reads(createClient(url, anonKey, { auth: { persistSession: false } }), now))) await read();
  });
}
