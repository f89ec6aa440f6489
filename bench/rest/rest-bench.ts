import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../server/src/db/db-types.ts';
import { openPglite } from '../../server/src/db/pglite-driver.ts';
import { openPostgres } from '../../server/src/db/postgres-driver.ts';
import { bootstrapPlatform } from '../../server/src/db/bootstrap.ts';
import { planRequest } from '../../server/src/rest/plan/request-plan.ts';
import { loadSchemaCache } from '../../server/src/rest/schema-cache/schema-cache.ts';
import { mutateStatement } from '../../server/src/rest/sql/mutate-statement.ts';
import { readStatements } from '../../server/src/rest/sql/read-statement.ts';
import { freshPostgres } from '../support/fresh-postgres.ts';
import { cpuMsOfTree, fmt, stop, startBenchServer } from '../support/measure.ts';
import { httpClient, runLoad, type LoadResult } from '../support/http-load.ts';
import { BENCH_SCHEMA } from './bench-schema.ts';
import { CASES, type RestCase } from './rest-cases.ts';

const CLI = fileURLToPath(new URL('../../server/src/cli/main.ts', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_REST_CONCURRENCY ?? 8);
/** Each figure is the best of this many rounds; targets alternate within a round (a shared machine is noisy). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Worker counts to measure on PostgreSQL (1 and the number of cores by default). */
const WORKERS = (process.env.BENCH_REST_WORKERS ?? `1,${availableParallelism()}`).split(',').map(Number).filter((n, i, a) => n > 0 && a.indexOf(n) === i);

interface Target {
  label: string;
  base: string;
  /** The server's process (with its workers): its CPU time per request is measured too. */
  pid: number;
}

/** A load result with the CPU time the server's processes spent per request (µs, user + system). */
type Measured = LoadResult & { cpuUs: number };

/** Through HTTP on loopback with no key (anon, as the local stack allows), as supabase-js sends it. */
async function viaHttp(t: Target, c: RestCase): Promise<Measured> {
  const client = httpClient(t.base, CONCURRENCY);
  try {
    for (let i = 0; i < 50; i++) await client.request(c.method, `/rest/v1${c.path(i)}`, c.body?.(i), c.headers); // warm up
    const cpu = cpuMsOfTree(t.pid);
    const r = await runLoad(CONCURRENCY, SECONDS, async (i) => (await client.request(c.method, `/rest/v1${c.path(i)}`, c.body?.(i), c.headers)).status < 300);
    return { ...r, cpuUs: ((cpuMsOfTree(t.pid) - cpu) * 1000) / Math.max(1, r.count + r.failed) };
  } finally {
    client.close();
  }
}

/** The SQL the server generates for the same request, run directly on the driver in this process. */
async function viaDriver(db: Db, c: RestCase): Promise<LoadResult> {
  const cache = await loadSchemaCache(db, ['public'], ['public', 'extensions']);
  return runLoad(CONCURRENCY, SECONDS, async (i) => {
    const [path, query = ''] = c.path(i).split('?');
    const body = c.body?.(i);
    const plan = planRequest({ cache, maxRows: 1000 }, { method: c.method, path: path!, query, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : Buffer.from(body) });
    if (plan.kind !== 'read' && plan.kind !== 'mutate') throw new Error(`unexpected plan ${plan.kind}`);
    const st = plan.kind === 'read' ? readStatements(plan, 1000).main : mutateStatement(plan);
    await db.query(st.sql, st.params);
    return true;
  });
}

/** A project folder whose only migration is the bench schema. */
function benchProject(): string {
  const project = mkdtempSync(join(tmpdir(), 'gather-rest-bench-'));
  mkdirSync(join(project, 'migrations'));
  writeFileSync(join(project, 'migrations', '00000000000001_bench.sql'), BENCH_SCHEMA);
  return project;
}

/**
 * Another checkout's gather-server to measure beside this one in the same run (its CLI path), e.g.
 * a worktree of main before a change: `BENCH_REST_COMPARE=/work/wt/x/server/src/cli/main.ts`.
 */
const COMPARE = process.env.BENCH_REST_COMPARE;

/** `gather-server start` in a child process, as deployed. */
function startGather(project: string, db: string, workers: number, cli = CLI) {
  const args = ['start', '--project', project, '--db', db, '--storage', join(project, 'storage'), '--port', '0', '--log-level', 'silent'];
  // Always named: on PostgreSQL the default is one worker per core, so '1 worker' would not be one.
  args.push('--workers', String(workers));
  return startBenchServer(cli, args);
}

function cell(r: LoadResult): string {
  return `${fmt(r.perSecond).padStart(6)}/s p50 ${fmt(r.p50, 1).padStart(5)} p99 ${fmt(r.p99, 1).padStart(6)}${r.failed ? ` (${r.failed} failed)` : ''}`;
}

const cpuCell = (r: Measured) => `cpu ${fmt(r.cpuUs).padStart(4)} µs/req`;

/** The best round's throughput, with the least CPU time per request of all rounds (the one least disturbed). */
const best = (rs: Measured[]): Measured => ({ ...rs.reduce((a, b) => (b.perSecond > a.perSecond ? b : a)), cpuUs: Math.min(...rs.map((r) => r.cpuUs)) });

/**
 * Each case against every target, targets alternating within a round and the best round kept, so
 * a burst of load from another process hurts all targets alike rather than one.
 */
async function measure(targets: Target[]): Promise<Map<string, Measured[]>> {
  const out = new Map<string, Measured[]>(targets.map((t) => [t.label, []]));
  for (const c of CASES) {
    const rounds = new Map<string, Measured[]>(targets.map((t) => [t.label, []]));
    for (let r = 0; r < ROUNDS; r++) for (const t of targets) rounds.get(t.label)!.push(await viaHttp(t, c));
    for (const t of targets) out.get(t.label)!.push(best(rounds.get(t.label)!));
  }
  return out;
}

async function benchPostgres(adminUrl: string): Promise<void> {
  const target = await freshPostgres(adminUrl, 'gather_rest_bench');
  const project = benchProject();
  const children = [];
  try {
    const targets: Target[] = [];
    for (const w of WORKERS) {
      const s = await startGather(project, target.url, w);
      children.push(s.child);
      targets.push({ label: `${w} worker${w > 1 ? 's' : ''}`, base: s.url, pid: s.child.pid! });
    }
    if (COMPARE) {
      const s = await startGather(project, target.url, 1, COMPARE);
      children.push(s.child);
      targets.push({ label: 'compared', base: s.url, pid: s.child.pid! });
    }
    const bare = await startBenchServer(BARE, [target.url]);
    children.push(bare.child);
    targets.push({ label: 'bare', base: bare.url, pid: bare.child.pid! });
    const results = await measure(targets);
    const db = await openPostgres(target.url);
    const driver: LoadResult[] = [];
    try {
      for (const c of CASES) driver.push(await viaDriver(db, c));
    } finally {
      await db.close();
    }
    console.log(
      `rest (postgres, ${CONCURRENCY} clients, best of ${ROUNDS} × ${SECONDS} s; ${availableParallelism()} cores ${cpus()[0]?.model ?? ''})\n` +
        `  limits: bare = node:http + pg in its own process running the same SQL; driver = that SQL on pg in this process\n` +
        `  cpu = the server's own CPU time per request (all its processes; Postgres and the load generator not counted)`,
    );
    CASES.forEach((c, i) => {
      const b = results.get('bare')![i]!;
      const one = results.get(targets[0]!.label)![i]!;
      console.log(`  ${c.name}`);
      for (const t of targets.slice(0, -1)) {
        const r = results.get(t.label)![i]!;
        const vsOne = t === targets[0] ? '' : `  ${fmt(r.perSecond / one.perSecond, 2)}× of 1 worker`;
        console.log(`    ${t.label.padEnd(10)} ${cell(r)}   ratio to bare ${fmt(r.perSecond / b.perSecond, 2)}   ${cpuCell(r)} (bare/this ${fmt(b.cpuUs / r.cpuUs, 2)})${vsOne}`);
      }
      console.log(`    ${'bare'.padEnd(10)} ${cell(b)}   ${''.padEnd(17)}${cpuCell(b)}`);
      console.log(`    ${'driver'.padEnd(10)} ${cell(driver[i]!)}`);
    });
  } finally {
    for (const c of children) await stop(c);
    await target.drop();
    rmSync(project, { recursive: true, force: true });
  }
}

async function benchPglite(): Promise<void> {
  const project = benchProject();
  const s = await startGather(project, 'memory', 1);
  const other = COMPARE ? await startGather(project, 'memory', 1, COMPARE) : undefined;
  let results;
  try {
    results = await measure([{ label: 'server', base: s.url, pid: s.child.pid! }, ...(other ? [{ label: 'compared', base: other.url, pid: other.child.pid! }] : [])]);
  } finally {
    await stop(s.child);
    if (other) await stop(other.child);
    rmSync(project, { recursive: true, force: true });
  }
  const db = await openPglite();
  try {
    await bootstrapPlatform(db, { autoExposeNewTables: false });
    await db.exec(BENCH_SCHEMA);
    console.log(`rest (pglite, ${CONCURRENCY} clients, best of ${ROUNDS} × ${SECONDS} s; limit = the same SQL run directly on PGlite in one process)`);
    for (let i = 0; i < CASES.length; i++) {
      const r = results.get('server')![i]!;
      const d = await viaDriver(db, CASES[i]!);
      console.log(`  ${CASES[i]!.name.padEnd(28)} server ${cell(r)}   driver ${cell(d)}   ratio ${fmt(r.perSecond / d.perSecond, 2)}`);
      const c = results.get('compared')?.[i];
      if (c) console.log(`  ${''.padEnd(28)} compared ${cell(c)}   ratio ${fmt(c.perSecond / d.perSecond, 2)}`);
    }
  } finally {
    await db.close();
  }
}

/** PK GET, a 20-row list with an embed, and an insert: through the server (1 and N workers), a bare HTTP server and the driver. */
export async function restBench(): Promise<void> {
  if (process.env.BENCH_REST_DRIVERS !== 'postgres') await benchPglite();
  if (process.env.DATABASE_URL) await benchPostgres(process.env.DATABASE_URL);
}
