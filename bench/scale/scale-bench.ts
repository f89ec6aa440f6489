import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET } from '../../server/src/config/default-keys.ts';
import { freshPostgres } from '../support/fresh-postgres.ts';
import { httpClient, runLoad, type LoadResult } from '../support/http-load.ts';
import { fmt, startBenchServer, stop } from '../support/measure.ts';
import { percentile } from '../support/stats.ts';
import { cpuAccount, type CpuGroups } from './cpu-account.ts';
import { NGINX, startNginx } from './scale-nginx.ts';
import { scaleReads } from './scale-requests.ts';
import { paced, startViewers, type Paced, type ViewerResult } from './scale-load.ts';

const CLI = fileURLToPath(new URL('../../server/src/cli/main.ts', import.meta.url));
const GATHER = fileURLToPath(new URL('../../supabase', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-read-server.ts', import.meta.url));
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const READERS = Number(process.env.BENCH_SCALE_READERS ?? 8);
const VIEWERS = Number(process.env.BENCH_SCALE_VIEWERS ?? 1000);
const RSVPS_PER_SECOND = Number(process.env.BENCH_SCALE_RSVPS ?? 100);
const COMMENTS_PER_SECOND = Number(process.env.BENCH_SCALE_COMMENTS ?? 20);
/** Members who RSVP, cancel and comment in turn (a comment limit of 10 a minute each). */
const MEMBERS = 400;

async function sql(url: string, text: string): Promise<Record<string, unknown>[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

/** The members who act, and the popular event: public, no capacity, RSVPs open. */
async function prepare(url: string): Promise<{ eventId: string; slug: string; tokens: string[]; members: string[] }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: members } = await c.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'scale' || i || '@bench.example', '{"provider":"email"}',
              jsonb_build_object('username', 'scale' || i, 'display_name', 'Scale ' || i), now(), now(), now()
       from generate_series(1, $1::int) i returning id`,
      [MEMBERS],
    );
    const { rows } = await c.query<{ id: string; slug: string }>(
      `select id, slug from public.events where status = 'published' and visibility = 'public' and hidden_at is null
         and capacity is null and not requires_approval and coalesce(rsvp_closes_at, starts_at) > now() + interval '1 day'
       order by starts_at limit 1`,
    );
    if (!rows[0]) throw new Error('the seed has no public event without a capacity to be the popular one');
    const secret = new TextEncoder().encode(DEFAULT_JWT_SECRET);
    const tokens = await Promise.all(
      members.map((m) => new SignJWT({ sub: m.id, role: 'authenticated', aud: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('2h').sign(secret)),
    );
    return { eventId: rows[0].id, slug: rows[0].slug, tokens, members: members.map((m) => m.id) };
  } finally {
    await c.end();
  }
}

/** `gather-server start` on the Gather project, one process each, as two deployed instances. */
function startInstance(db: string, storage: string) {
  const args = ['start', '--project', GATHER, '--db', db, '--storage', storage, '--port', '0', '--log-level', 'silent', '--workers', '1'];
  return startBenchServer(CLI, args);
}

interface PhaseResult {
  reads: LoadResult[];
  rsvps: Paced;
  comments: Paced;
  viewers: ViewerResult;
  /** Deliveries owed: each committed RSVP, cancel and comment to each joined viewer. */
  expected: number;
  /** Seconds after the last write until the last delivery arrived (or the wait gave up). */
  drainSeconds: number;
  /** CPU seconds per group of processes over the phase (load and drain). */
  cpu: Record<string, number>;
  /** The instances' own counts over the phase: slow consumers dropped, changes that failed. */
  server: { dropped: number; changeErrors: number };
}

/** Realtime's counters, summed over the instances (GATHER_METRICS=/metrics on their API port). */
async function realtimeCounters(instances: string[]): Promise<{ dropped: number; changeErrors: number }> {
  const out = { dropped: 0, changeErrors: 0 };
  for (const url of instances) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const read = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    out.dropped += read('gather_realtime_slow_consumers_dropped_total');
    out.changeErrors += read('gather_realtime_change_errors_total');
  }
  return out;
}

/** One phase: viewers joined through nginx, then readers, RSVPs and comments at once for SECONDS. */
async function phase(
  base: string,
  apikey: string,
  ctx: Awaited<ReturnType<typeof prepare>>,
  startsAfter: string,
  groups: CpuGroups,
  instances: string[],
): Promise<PhaseResult> {
  const viewers = await startViewers(base, apikey, ctx.eventId, VIEWERS);
  const reads = scaleReads(ctx.slug, startsAfter);
  const readers = httpClient(base, READERS);
  const writers = httpClient(base, 64);
  const going = new Set<number>();
  try {
    for (let i = 0; i < 20; i++) for (const r of reads) await readers.request(r.method, `/rest/v1${r.path}?${r.query}`, r.body, r.headers); // warm up
    const perKind = reads.map(() => ({ lat: [] as number[], failed: 0 }));
    const cpu = cpuAccount({ ...groups, viewers: { roots: [viewers.child.pid!] } });
    const countersBefore = await realtimeCounters(instances);
    const [, rsvps, comments] = await Promise.all([
      runLoad(READERS, SECONDS, async (i) => {
        const k = i % reads.length;
        const r = reads[k]!;
        const t = performance.now();
        const ok = (await readers.request(r.method, `/rest/v1${r.path}?${r.query}`, r.body, r.headers)).status < 300;
        if (ok) perKind[k]!.lat.push(performance.now() - t);
        else perKind[k]!.failed++;
        return ok;
      }),
      paced(RSVPS_PER_SECOND, SECONDS, (i) => {
        const m = i % MEMBERS;
        const cancel = going.has(m);
        if (cancel) going.delete(m);
        else going.add(m);
        const headers = { authorization: `Bearer ${ctx.tokens[m]}`, apikey };
        return writers.request('POST', `/rest/v1/rpc/${cancel ? 'cancel_rsvp' : 'rsvp'}`, JSON.stringify(cancel ? { event_id: ctx.eventId } : { event_id: ctx.eventId, guests: 0 }), headers);
      }),
      paced(COMMENTS_PER_SECOND, SECONDS, (i) => {
        const m = (i * 7) % MEMBERS;
        const headers = { authorization: `Bearer ${ctx.tokens[m]}`, apikey, prefer: 'return=minimal' };
        return writers.request('POST', '/rest/v1/comments', JSON.stringify({ event_id: ctx.eventId, author_id: ctx.members[m], body: `scale bench comment ${i}` }), headers);
      }),
    ]);
    const readResults = perKind.map((k) => ({ perSecond: k.lat.length / SECONDS, p50: percentile(k.lat, 50), p99: percentile(k.lat, 99), failed: k.failed, count: k.lat.length }));
    // Each committed write reaches every viewer; wait for what is still queued (at most 60 s,
    // giving up after 15 s without one arriving).
    const expected = (rsvps.lat.length + comments.lat.length) * viewers.joined;
    const writesDone = performance.now();
    let last = -1, lastChange = writesDone;
    while (viewers.count() < expected && performance.now() - lastChange < 15_000 && performance.now() - writesDone < 60_000) {
      if (viewers.count() !== last) [last, lastChange] = [viewers.count(), performance.now()];
      await new Promise((res) => setTimeout(res, 250));
    }
    const drainSeconds = (Math.min(performance.now(), lastChange + 500) - writesDone) / 1000;
    const used = cpu.stop();
    const countersAfter = await realtimeCounters(instances);
    const server = { dropped: countersAfter.dropped - countersBefore.dropped, changeErrors: countersAfter.changeErrors - countersBefore.changeErrors };
    return { reads: readResults, rsvps, comments, viewers: await viewers.result(), expected, drainSeconds, cpu: used, server };
  } finally {
    readers.close();
    writers.close();
    if (viewers.child.exitCode === null) viewers.child.kill('SIGKILL');
  }
}

const cell = (r: { perSecond: number; p50: number; p99: number }) => `${fmt(r.perSecond).padStart(5)}/s p50 ${fmt(r.p50, 1).padStart(6)} p99 ${fmt(r.p99, 1).padStart(6)}`;
const pacedCell = (p: Paced) => `${fmt(p.lat.length / SECONDS).padStart(5)}/s p50 ${fmt(percentile(p.lat, 50), 1).padStart(6)} p99 ${fmt(percentile(p.lat, 99), 1).padStart(6)}`;
const total = (r: PhaseResult) => r.reads.reduce((n, x) => n + x.perSecond, 0);
const worstP99 = (r: PhaseResult) => Math.max(...r.reads.map((x) => x.p99));
const errors = (r: PhaseResult) =>
  r.reads.reduce((n, x) => n + x.failed, 0) +
  r.rsvps.failed +
  r.comments.failed +
  r.viewers.joinFailures +
  Math.max(0, r.expected - r.viewers.deliveries) +
  r.server.changeErrors;

function report(label: string, r: PhaseResult, limit: PhaseResult): void {
  console.log(`  ${label}`);
  r.reads.forEach((x, i) => {
    const b = limit.reads[i]!;
    console.log(`    ${scaleReads('', '')[i]!.name.padEnd(16)} ${cell(x)}   limit ${cell(b)}   ratio ${fmt(x.perSecond / b.perSecond, 2)} req/s, ${fmt(x.p99 / b.p99, 2)} p99`);
  });
  console.log(`    ${'reads together'.padEnd(16)} ${fmt(total(r)).padStart(5)}/s               limit ${fmt(total(limit)).padStart(5)}/s               ratio ${fmt(total(r) / total(limit), 2)}`);
  // Writes go to the instances in both phases: beside them, the same writes while the bare servers took the reads.
  console.log(`    ${'RSVP or cancel'.padEnd(16)} ${pacedCell(r.rsvps)}   (${RSVPS_PER_SECOND}/s offered; while bare served the reads: ${pacedCell(limit.rsvps)})`);
  console.log(`    ${'comment'.padEnd(16)} ${pacedCell(r.comments)}   (${COMMENTS_PER_SECOND}/s offered; while bare served the reads: ${pacedCell(limit.comments)})`);
  const v = r.viewers;
  console.log(
    `    ${'live viewers'.padEnd(16)} ${v.joined} joined; ${v.deliveries} of ${r.expected} deliveries owed, the last ${fmt(r.drainSeconds, 1)} s after the last write; commit→delivery p50 ${fmt(v.p50, 1)} p99 ${fmt(v.p99, 1)} ms`,
  );
  const closed = Object.entries(v.closed).map(([code, n]) => `${n} with ${code}`).join(', ') || 'none';
  console.log(
    `    ${'dropped'.padEnd(16)} viewer sockets closed by the server: ${closed}; slow consumers dropped (server count): ${r.server.dropped}; change errors: ${r.server.changeErrors}`,
  );
  const perDeliveries = (s: number) => fmt((s / Math.max(1, v.deliveries)) * 100_000, 2);
  console.log(
    `    ${'CPU seconds'.padEnd(16)} ${Object.entries(r.cpu)
      .map(([k, s]) => `${k} ${fmt(s, 1)} (${perDeliveries(s)} per 100k deliveries)`)
      .join(', ')}`,
  );
  const first = r.rsvps.firstError ?? r.comments.firstError;
  console.log(`    ${'errors'.padEnd(16)} ${errors(r)}${first ? ` (first: ${first})` : ''}`);
}

/**
 * A popular event's page through nginx (docs/deploy/nginx.conf, Debian's nginx) in front of one
 * Gather instance, then two, on one PostgreSQL: anonymous readers (Discover and the event page,
 * a closed loop), members RSVPing and commenting at fixed rates, and live viewers on the event's
 * channel. The limit, in the same run and under the same background: the same reads answered by
 * bare node:http + pg servers (as many as instances) behind the same nginx.
 */
export async function scaleBench(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return console.log('scale: skipped: two instances share only a PostgreSQL database (set DATABASE_URL)');
  if (!existsSync(NGINX)) return console.log(`scale: skipped: ${NGINX} is missing (apt-get install nginx-light)`);
  const load = loadavg()[0]!;
  const target = await freshPostgres(adminUrl, 'gather_scale_bench');
  // BENCH_SCALE_PG_FUNCTIONS=1: where PostgreSQL's time goes, by function (printed at the end).
  const pgFunctions = process.env.BENCH_SCALE_PG_FUNCTIONS === '1';
  if (pgFunctions) await sql(target.url, `alter database ${new URL(target.url).pathname.slice(1)} set track_functions = 'pl'`);
  const storage = mkdtempSync(join(tmpdir(), 'gather-scale-storage-'));
  const children: ChildProcess[] = [];
  // Realtime counts connections per client address; behind nginx every viewer is 127.0.0.1.
  process.env.GATHER_TRUST_PROXY = '127.0.0.1';
  process.env.GATHER_REALTIME_MAX_CONNECTIONS_PER_IP = String(VIEWERS + 100);
  process.env.GATHER_METRICS = '/metrics'; // the bench reads realtime's counters from each instance
  try {
    const a = await startInstance(target.url, storage); // migrates and seeds the empty database
    children.push(a.child);
    const b = await startInstance(target.url, storage);
    children.push(b.child);
    const ctx = await prepare(target.url);
    const startsAfter = new Date().toISOString();
    const bare = [];
    const bareChildren: ChildProcess[] = [];
    for (let i = 0; i < 2; i++) {
      const s = await startBenchServer(BARE, [target.url, ctx.slug, startsAfter]);
      children.push(s.child);
      bareChildren.push(s.child);
      bare.push(Number(new URL(s.url).port));
    }
    const apikey = DEFAULT_ANON_KEY; // the Gather project keeps the local stack's keys
    const ports = [Number(new URL(a.url).port), Number(new URL(b.url).port)];
    const results: Record<string, PhaseResult> = {};
    for (const n of [1, 2]) {
      for (const kind of ['gather', 'bare'] as const) {
        const nginx = await startNginx(ports.slice(0, n), kind === 'bare' ? bare.slice(0, n) : undefined);
        const groups: CpuGroups = {
          instances: { roots: [a.child.pid!, b.child.pid!] },
          nginx: { roots: [nginx.pid] },
          postgres: { cmdline: ` ${new URL(target.url).pathname.slice(1)} 127.0.0.1(` },
          'load generator': { self: [process.pid] },
        };
        if (kind === 'bare') groups['bare servers'] = { roots: bareChildren.map((c) => c.pid!) };
        try {
          results[`${kind}${n}`] = await phase(nginx.url, apikey, ctx, startsAfter, groups, [a.url, b.url]);
        } finally {
          await nginx.stop();
        }
      }
    }
    console.log(
      `scale (PostgreSQL, nginx in front; ${availableParallelism()} cores ${cpus()[0]?.model ?? ''}, load average ${fmt(load, 1)} at start; ${SECONDS} s a phase)\n` +
        `  ${VIEWERS} anonymous live viewers on one event's channel, ${READERS} readers (Discover search and the event page in turn), ${RSVPS_PER_SECOND} RSVPs/cancels and ${COMMENTS_PER_SECOND} comments a second by ${MEMBERS} members\n` +
        `  limit = the same reads answered by bare node:http + pg servers behind the same nginx, the rest of the load unchanged`,
    );
    report('1 instance', results.gather1!, results.bare1!);
    report('2 instances', results.gather2!, results.bare2!);
    const g1 = results.gather1!, g2 = results.gather2!;
    console.log(
      `  2 instances / 1: reads ${fmt(total(g2) / total(g1), 2)}× req/s, worst read p99 ${fmt(worstP99(g2) / worstP99(g1), 2)}×, delivery p99 ${fmt(g2.viewers.p99 / g1.viewers.p99, 2)}×` +
        `  (limit: ${fmt(total(results.bare2!) / total(results.bare1!), 2)}× req/s)`,
    );
    if (availableParallelism() <= 2) {
      console.log(
        `  On ${availableParallelism()} cores the instances, PostgreSQL, nginx, the viewers and this load generator share the same CPUs: a second\n` +
          `  instance can only take the time the first one leaves idle, so "2 / 1" here measures contention, not how Gather grows with machines.`,
      );
    }
    if (pgFunctions) {
      const rows = await sql(
        target.url,
        `select schemaname || '.' || funcname as f, calls, round(total_time) as total_ms, round(self_time) as self_ms
           from pg_stat_user_functions order by self_time desc limit 12`,
      );
      console.log('  PostgreSQL functions by self time (all phases):');
      for (const r of rows) console.log(`    ${String(r.f).padEnd(48)} calls ${String(r.calls).padStart(8)}  total ${String(r.total_ms).padStart(7)} ms  self ${String(r.self_ms).padStart(7)} ms`);
    }
  } finally {
    for (const c of children) await stop(c);
    await target.drop();
    rmSync(storage, { recursive: true, force: true });
  }
}
