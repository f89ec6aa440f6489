import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server.ts';
import { fmt } from '../support/measure.ts';
import { benchIds, GROUPS, seedPeopleAndGroups } from '../data/data-seed.ts';

const PROJECT = process.env.BENCH_IMPORT_PROJECT ?? fileURLToPath(new URL('../../supabase', import.meta.url));
const EVENTS = Number(process.env.BENCH_IMPORT_EVENTS ?? 1000);
const BATCH = 100;

// The columns an import writes; the rest (id, slug, search, stats…) the database fills in.
const COLUMNS = ['host_id', 'group_id', 'title', 'description', 'category', 'starts_at', 'ends_at', 'timezone',
  'venue_name', 'lat', 'lng', 'visibility', 'status'] as const;

/**
 * `n` published events of a community's history, numbered from `from`: half in a group (whose
 * members are alerted), titles repeating every 50 (slugs must still come out unique), dates
 * spread over the coming year (a
 * published event must start in the future).
 */
function eventRows(from: number, n: number): Record<(typeof COLUMNS)[number], unknown>[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const g = (i % GROUPS) + 1;
    const starts = Date.now() + (i % 365) * 86_400_000 + 3_600_000;
    const pad = (x: number) => x.toString().padStart(12, '0');
    return {
      host_id: `00000000-0000-4000-a000-${pad((g - 1) * 10 + 1)}`, // the group's organizer
      group_id: i % 2 ? `00000000-0000-4000-b000-${pad(g)}` : null,
      title: `Imported meetup ${i % 50}`,
      description: 'From the old site.',
      category: 'arts',
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(starts + 7_200_000).toISOString(),
      timezone: 'Europe/Lisbon',
      venue_name: `Hall ${i % 97}`,
      lat: 38.7,
      lng: -9.1,
      visibility: 'public',
      status: 'published',
    };
  });
}

/** The INSERT PostgREST runs for a JSON array body, as one statement through the driver. */
const driverInsert = (table: string) =>
  `insert into ${table} (${COLUMNS.join(', ')})
   select ${COLUMNS.join(', ')} from jsonb_populate_recordset(null::public.events, $1::jsonb)`;

/** BENCH_PROFILE=1: the trigger functions the driver insert spent its time in (rolled back). */
async function profile(db: TestServer['db'], rows: unknown[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`set local track_functions = 'all'`);
    await tx.query(driverInsert('public.events'), [JSON.stringify(rows)]);
    const top = await tx.query<{ f: string; calls: number; self: number; total: number }>(
      `select schemaname || '.' || funcname as f, calls::int, self_time::float as self, total_time::float as total
       from pg_stat_xact_user_functions order by self_time desc limit 15`);
    for (const f of top.rows) console.log(`    ${f.f.padEnd(48)} ${String(f.calls).padStart(6)} calls ${fmt(f.self, 0).padStart(6)} ms self ${fmt(f.total, 0).padStart(6)} ms total`);
    await tx.query('rollback');
  }).catch(() => undefined);
}

/**
 * `npm run bench -- import`: importing a community's history. EVENTS events through REST as
 * service_role, in requests of BATCH and in one request, each beside its limit measured in the
 * same run: the same INSERT in one statement through the driver (same triggers, so the ratio is
 * what REST adds), and the same rows into a copy of the table without triggers (what the
 * triggers, policies' defaults and the rows they write cost per event). BENCH_IMPORT_PROJECT runs
 * it on another copy of the project (e.g. without a migration, for a before figure).
 */
export async function importBench(): Promise<void> {
  const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const g = await startTestServer({ project: PROJECT }, { seed: false });
  try {
    await benchIds(g.db);
    await seedPeopleAndGroups(g.db);
    // A copy of events with its defaults, checks and indexes, no triggers or foreign keys.
    await g.db.query('create table public.bench_events_plain (like public.events including all)');
    await g.db.query('alter table public.bench_events_plain alter column slug set default gen_random_uuid()::text');
    const service = g.service();
    let next = 0;
    const take = (n: number) => eventRows((next += n) - n, n);
    const perEvent = async (n: number, op: () => Promise<unknown>) => {
      const t = performance.now();
      await op();
      return (performance.now() - t) / n;
    };
    const rest = async (rows: unknown[]) => {
      const { error } = await service.from('events').insert(rows);
      if (error) throw new Error(error.message);
    };
    // Warm the plans and caches on both paths first.
    await rest(take(10));
    await g.db.query(driverInsert('public.events'), [JSON.stringify(take(10))]);
    await g.db.query(driverInsert('public.bench_events_plain'), [JSON.stringify(take(10))]);

    const batches = await perEvent(EVENTS, async () => {
      for (let k = 0; k < EVENTS; k += BATCH) await rest(take(BATCH));
    });
    let oneRequest = NaN;
    let failed = '';
    try {
      oneRequest = await perEvent(EVENTS, () => rest(take(EVENTS)));
    } catch (e) {
      failed = ` (failed: ${(e as Error).message})`;
    }
    const limit = await perEvent(EVENTS, () => g.db.query(driverInsert('public.events'), [JSON.stringify(take(EVENTS))]));
    if (process.env.BENCH_PROFILE) await profile(g.db, take(EVENTS));
    const plain = await perEvent(EVENTS, () =>
      g.db.query(driverInsert('public.bench_events_plain'), [JSON.stringify(take(EVENTS))]));
    const ms = (x: number) => `${fmt(x, 3).padStart(8)} ms/event`;
    console.log(`import (${driver}): ${EVENTS} events as service_role`);
    console.log(`  REST, requests of ${BATCH}          ${ms(batches)}   ×${fmt(batches / limit, 2)} of the driver limit`);
    console.log(`  REST, one request of ${EVENTS}      ${ms(oneRequest)}   ×${fmt(oneRequest / limit, 2)} of the driver limit${failed}`);
    console.log(`  limit: same INSERT, driver     ${ms(limit)}`);
    console.log(`  no triggers: copy table        ${ms(plain)}   triggers cost ${fmt(limit - plain, 3)} ms/event`);
  } finally {
    await g.stop();
  }
}
