import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { httpClient } from '../support/http-load.ts';
import { fmt } from '../support/measure.ts';
import { percentile } from '../support/stats.ts';

// BENCH_HOT_PROJECT: another copy of supabase/ (say, without a migration, to measure before it).
const PROJECT = process.env.BENCH_HOT_PROJECT ?? fileURLToPath(new URL('../../supabase', import.meta.url));
const PEOPLE = Number(process.env.BENCH_HOT_PEOPLE ?? 1000);
const CAPACITY = 100;
const CONCURRENCY = Number(process.env.BENCH_HOT_CONCURRENCY ?? 50);
const BULK_EVENTS = Number(process.env.BENCH_BULK_EVENTS ?? 1000);

const uid = (i: number) => `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`;
/** Member i's REST headers: their token, from an address of their own (a crowd of phones, not one office; decision 0461). */
const member = (g: TestServer, tokens: string[], i: number) => ({
  apikey: g.keys.anonKey,
  authorization: `Bearer ${tokens[i]}`,
  'x-forwarded-for': `10.0.${i >> 8}.${i & 255}`,
});

/** PEOPLE members, written straight into the tables (triggers off, as bench/data seeds them). */
async function seedPeople(g: TestServer): Promise<void> {
  await g.db.query(`do $s$ begin perform set_config('session_replication_role', 'replica', true);
    insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
    select ('00000000-0000-4000-a000-' || lpad(i::text, 12, '0'))::uuid, 'authenticated', 'authenticated', 'h' || i || '@bench.example',
           '{"provider":"email"}', jsonb_build_object('username', 'hot' || i), now(), now(), now()
    from generate_series(1, ${PEOPLE + 1}) i;
    insert into public.profiles (id, username, display_name)
    select ('00000000-0000-4000-a000-' || lpad(i::text, 12, '0'))::uuid, 'hot' || i, 'Hot ' || i from generate_series(1, ${PEOPLE + 1}) i;
    insert into public.profile_private (id) select ('00000000-0000-4000-a000-' || lpad(i::text, 12, '0'))::uuid from generate_series(1, ${PEOPLE + 1}) i;
    end $s$`);
}

let hotEvents = 0;
/** A published event with CAPACITY seats and a waitlist, hosted by member 1 (triggers on). */
async function hotEvent(g: TestServer): Promise<string> {
  const n = ++hotEvents;
  const r = await g.db.query<{ id: string }>(
    `insert into public.events (slug, host_id, title, description, category, starts_at, ends_at, timezone, venue_name, lat, lng, capacity, waitlist_enabled, status, published_at, visibility)
     values ($1, $2, 'Hot night', 'Everyone comes.', 'music', now() + interval '7 days', now() + interval '7 days 2 hours', 'Europe/Lisbon', 'Hall', 38.7, -9.1, $3, true, 'published', now(), 'public')
     returning id`,
    [`hot-night-${n}`, uid(1), CAPACITY],
  );
  return r.rows[0]!.id;
}

/** Every person once, CONCURRENCY at a time: latencies (ms) of the answers that came back 2xx. */
async function everyone(op: (i: number) => Promise<boolean>): Promise<{ p50: number; p99: number; failed: number; seconds: number }> {
  const lat: number[] = [];
  let next = 2; // member 1 hosts
  let failed = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next <= PEOPLE + 1) {
        const i = next++;
        const t = performance.now();
        if (await op(i).catch(() => false)) lat.push(performance.now() - t);
        else failed++;
      }
    }),
  );
  return { p50: percentile(lat, 50), p99: percentile(lat, 99), failed, seconds: (performance.now() - start) / 1000 };
}

async function tally(g: TestServer, eventId: string): Promise<string> {
  const r = await g.db.query<{ going: number; seats: number; waitlisted: number; positions: number; top: number }>(
    `select count(*) filter (where status = 'going')::int as going, coalesce(sum(1 + guests) filter (where status = 'going'), 0)::int as seats,
            count(*) filter (where status = 'waitlisted')::int as waitlisted,
            count(distinct waitlist_position)::int as positions, coalesce(max(waitlist_position), 0)::int as top
     from public.rsvps where event_id = $1`,
    [eventId],
  );
  const t = r.rows[0]!;
  const exact = t.seats === CAPACITY && t.positions === t.waitlisted && t.top === t.waitlisted;
  return `${t.going} going, ${t.waitlisted} waitlisted at distinct positions 1–${t.top}${exact ? ' (exact)' : ' (NOT EXACT)'}`;
}

/** Each member's token, at their index (uid(i)): members 1 to PEOPLE + 1. */
export function memberTokens(): Promise<string[]> {
  return Promise.all(Array.from({ length: PEOPLE + 2 }, (_, i) => signToken({ sub: uid(i), role: 'authenticated', aud: 'authenticated' })));
}

/**
 * PEOPLE members (2 to PEOPLE + 1; member 1 hosts) RSVP a new event of CAPACITY seats,
 * CONCURRENCY at a time: through the driver with each member's claims set as the server sets
 * them (the limit), then through REST, each member from an address of their own. Prints both
 * and the ratio of their p99s. The server must trust the loopback proxy (`trustProxy`).
 */
export async function crowdRsvps(g: TestServer, tokens: string[]): Promise<void> {
  const viaDriver = await hotEvent(g);
  const limit = await everyone(async (i) => {
    const claims = { sub: uid(i), role: 'authenticated', aud: 'authenticated' };
    await g.db.runAsRole({ role: 'authenticated', claims }, [{ sql: 'select public.rsvp($1, 0)', params: [viaDriver] }]);
    return true;
  });
  console.log(`    ${PEOPLE} RSVPs, driver (limit)   p50 ${fmt(limit.p50, 1).padStart(8)} ms   p99 ${fmt(limit.p99, 1).padStart(8)} ms   all in ${fmt(limit.seconds, 2)} s, ${limit.failed} failed; ${await tally(g, viaDriver)}`);

  const viaRest = await hotEvent(g);
  const http = httpClient(g.url, CONCURRENCY);
  const rest = await everyone(async (i) => {
    const a = await http.request('POST', '/rest/v1/rpc/rsvp', JSON.stringify({ event_id: viaRest, guests: 0 }), member(g, tokens, i));
    return a.status === 200;
  });
  http.close();
  console.log(`    ${PEOPLE} RSVPs, REST             p50 ${fmt(rest.p50, 1).padStart(8)} ms   p99 ${fmt(rest.p99, 1).padStart(8)} ms   all in ${fmt(rest.seconds, 2)} s, ${rest.failed} failed; ${await tally(g, viaRest)}`);
  console.log(`    ${PEOPLE} RSVPs, REST/driver p99 ×${fmt(rest.p99 / limit.p99, 2)}  (goal: p99 ≤ 2,000 ms)`);
}

/**
 * `npm run bench -- hot-rsvp`: PEOPLE distinct members RSVP one event of capacity 100 at once
 * (crowdRsvps), then check out one ticket each from a paid event of 100 seats; then 1,000
 * events inserted in one REST request as service_role, against the same rows inserted through
 * the driver with triggers off.
 */
export async function hotRsvpBench(): Promise<void> {
  const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  // The bench's requests name their address, as a proxy in front of the server would.
  const g = await startTestServer({ project: PROJECT, trustProxy: 'loopback' }, { seed: false });
  try {
    await seedPeople(g);
    const tokens = await memberTokens();
    console.log(`hot-rsvp (${driver}): ${PEOPLE} members RSVP one event of ${CAPACITY} seats, ${CONCURRENCY} at a time`);
    await crowdRsvps(g, tokens);
    await hotCheckouts(g, tokens);
    if (process.env.BENCH_PROFILE) await profileRsvps(g);
    await bulkInsert(g);
  } finally {
    await g.stop();
  }
}

/** A published paid event of CAPACITY seats selling one ticket type (EUR 15.00), hosted by member 1. */
async function hotPaidEvent(g: TestServer): Promise<{ id: string; type: string }> {
  const id = await hotEvent(g);
  await g.db.query(`update public.events set currency = 'EUR', waitlist_enabled = false where id = $1`, [id]);
  const t = await g.db.query<{ id: string }>(
    `insert into public.ticket_types (event_id, name, price, max_per_order) values ($1, 'General', 1500, 4) returning id`, [id]);
  return { id, type: t.rows[0]!.id };
}

async function ticketTally(g: TestServer, eventId: string): Promise<string> {
  const r = await g.db.query<{ held: number; orders: number }>(
    `select (select count(*) from public.tickets where event_id = $1 and status = 'held')::int as held,
            (select count(*) from public.orders where event_id = $1 and status = 'pending')::int as orders`, [eventId]);
  const t = r.rows[0]!;
  return `${t.held} seats held in ${t.orders} orders${t.held === CAPACITY ? ' (exact)' : ' (NOT EXACT)'}`;
}

/**
 * The same crowd checking out one ticket each from a paid event of CAPACITY seats: start_checkout
 * (what the checkout function calls before Stripe) through the driver and through REST; a
 * "sold out" (409) is an answer too.
 */
async function hotCheckouts(g: TestServer, tokens: string[]): Promise<void> {
  const items = (type: string) => JSON.stringify([{ ticket_type_id: type, quantity: 1 }]);
  const viaDriver = await hotPaidEvent(g);
  const limit = await everyone(async (i) => {
    const claims = { sub: uid(i), role: 'authenticated', aud: 'authenticated' };
    try {
      await g.db.runAsRole({ role: 'authenticated', claims }, [{ sql: 'select public.start_checkout($1, $2::jsonb)', params: [viaDriver.id, items(viaDriver.type)] }]);
    } catch (err) {
      if (!String((err as Error).message).includes('sold_out')) throw err;
    }
    return true;
  });
  console.log(`    checkout driver  p50 ${fmt(limit.p50, 1).padStart(8)} ms   p99 ${fmt(limit.p99, 1).padStart(8)} ms   all in ${fmt(limit.seconds, 2)} s, ${limit.failed} failed; ${await ticketTally(g, viaDriver.id)}`);

  const viaRest = await hotPaidEvent(g);
  const http = httpClient(g.url, CONCURRENCY);
  const rest = await everyone(async (i) => {
    const a = await http.request('POST', '/rest/v1/rpc/start_checkout', JSON.stringify({ event_id: viaRest.id, items: JSON.parse(items(viaRest.type)) }), member(g, tokens, i));
    return a.status === 200 || a.status === 409;
  });
  http.close();
  console.log(`    checkout REST    p50 ${fmt(rest.p50, 1).padStart(8)} ms   p99 ${fmt(rest.p99, 1).padStart(8)} ms   all in ${fmt(rest.seconds, 2)} s, ${rest.failed} failed; ${await ticketTally(g, viaRest.id)}`);
  console.log(`    checkout REST/driver p99 ×${fmt(rest.p99 / limit.p99, 2)}  (goal: p99 ≤ 2,000 ms)`);
}

const bulkRow = (i: number, batch: string) => ({
  slug: `import-${batch}-${i}`, host_id: uid(1 + (i % PEOPLE)), title: `Imported night ${i}`, description: 'From last year.',
  category: 'music', starts_at: new Date(Date.now() + (i + 1) * 3_600_000).toISOString(),
  ends_at: new Date(Date.now() + (i + 3) * 3_600_000).toISOString(), timezone: 'Europe/Lisbon', venue_name: 'Hall', lat: 38.7, lng: -9.1, status: 'published', visibility: 'public',
});

/** BULK_EVENTS events in one REST insert as service_role, and the same rows with triggers off through the driver. */
async function bulkInsert(g: TestServer): Promise<void> {
  const rows = Array.from({ length: BULK_EVENTS }, (_, i) => bulkRow(i, 'rest'));
  let t = performance.now();
  const res = await g.fetch('/rest/v1/events', {
    method: 'POST',
    headers: { apikey: g.keys.serviceRoleKey, authorization: `Bearer ${g.keys.serviceRoleKey}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify(rows),
  });
  const restMs = performance.now() - t;
  const body = res.ok ? '' : ` (${res.status}: ${(await res.text()).slice(0, 120)})`;
  if (process.env.BENCH_PROFILE) await profile(g);
  const raw = JSON.stringify(Array.from({ length: BULK_EVENTS }, (_, i) => bulkRow(i, 'raw')));
  t = performance.now();
  await g.db.query(`do $b$ begin perform set_config('session_replication_role', 'replica', true);
    insert into public.events (slug, host_id, title, description, category, starts_at, ends_at, timezone, venue_name, lat, lng, status, visibility)
    select slug, host_id, title, description, category, starts_at, ends_at, timezone, venue_name, lat, lng, status, visibility
    from jsonb_populate_recordset(null::public.events, $j$${raw}$j$::jsonb); end $b$`);
  const rawMs = performance.now() - t;
  console.log(`    ${BULK_EVENTS} events in one REST insert: ${fmt(restMs, 0)} ms (${fmt((restMs * 1000) / BULK_EVENTS, 0)} µs an event)${body}; ` +
    `limit, the same rows through the driver with triggers off: ${fmt(rawMs, 0)} ms (×${fmt(restMs / rawMs, 1)})`);
}

/** BENCH_PROFILE=1: the same insert through the driver, triggers on, and the functions it spent its time in. */
async function profile(g: TestServer): Promise<void> {
  const raw = JSON.stringify(Array.from({ length: BULK_EVENTS }, (_, i) => bulkRow(i, 'prof')));
  await g.db.transaction(async (tx) => {
    await tx.query(`set local track_functions = 'all'`);
    await tx.query(`insert into public.events (slug, host_id, title, description, category, starts_at, ends_at, timezone, venue_name, lat, lng, status, visibility)
      select slug, host_id, title, description, category, starts_at, ends_at, timezone, venue_name, lat, lng, status, visibility
      from jsonb_populate_recordset(null::public.events, $1::jsonb)`, [raw]);
    const top = await tx.query<{ f: string; calls: number; self: number; total: number }>(
      `select schemaname || '.' || funcname as f, calls::int, self_time::float as self, total_time::float as total from pg_stat_xact_user_functions order by self_time desc limit 15`);
    for (const f of top.rows) console.log(`      ${f.f.padEnd(48)} ${String(f.calls).padStart(6)} calls ${fmt(f.self, 0).padStart(6)} ms self ${fmt(f.total, 0).padStart(6)} ms total`);
    await tx.query('rollback');
  }).catch(() => undefined);
}

/** BENCH_PROFILE=1: 200 RSVPs on a fresh 100-seat event in one transaction, and the functions they spent their time in. */
async function profileRsvps(g: TestServer): Promise<void> {
  const e = await hotEvent(g);
  await g.db.transaction(async (tx) => {
    await tx.query(`set local track_functions = 'all'`);
    const t = performance.now();
    for (let i = 2; i < 202; i++) {
      await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [JSON.stringify({ sub: uid(i), role: 'authenticated' })]);
      await tx.query('select public.rsvp($1, 0)', [e]);
      await tx.query('reset role');
    }
    console.log(`    200 RSVPs one after another: ${fmt((performance.now() - t) / 200, 2)} ms each`);
    const top = await tx.query<{ f: string; calls: number; self: number; total: number }>(
      `select schemaname || '.' || funcname as f, calls::int, self_time::float as self, total_time::float as total from pg_stat_xact_user_functions order by self_time desc limit 15`);
    for (const f of top.rows) console.log(`      ${f.f.padEnd(48)} ${String(f.calls).padStart(6)} calls ${fmt(f.self, 0).padStart(6)} ms self ${fmt(f.total, 0).padStart(6)} ms total`);
    await tx.query('rollback');
  }).catch((err: unknown) => console.log(`    profile failed: ${String(err)}`));
}
