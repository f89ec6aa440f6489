import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '../../server/src/db/db-types.ts';
import { openPglite } from '../../server/src/db/pglite-driver.ts';
import { openPostgres } from '../../server/src/db/postgres-driver.ts';
import { bootstrapPlatform } from '../../server/src/db/bootstrap.ts';
import { planRequest } from '../../server/src/rest/plan/request-plan.ts';
import { loadSchemaCache } from '../../server/src/rest/schema-cache/schema-cache.ts';
import { mutateStatement } from '../../server/src/rest/sql/mutate-statement.ts';
import { readStatements } from '../../server/src/rest/sql/read-statement.ts';
import { fmt, stop, startBenchServer } from '../support/measure.ts';
import { percentile } from '../support/stats.ts';
import { AUTHORS, BENCH_SCHEMA } from './bench-schema.ts';

const SERVER = fileURLToPath(new URL('./rest-server.ts', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_REST_CONCURRENCY ?? 8);

interface Case {
  name: string;
  method: string;
  /** Path and query under /rest/v1, for request number i. */
  path: (i: number) => string;
  body?: (i: number) => string;
}

const CASES: Case[] = [
  { name: 'GET by primary key', method: 'GET', path: (i) => `/authors?select=*&id=eq.${1 + (i % AUTHORS)}` },
  { name: '20 rows + embedded author', method: 'GET', path: (i) => `/posts?select=id,title,created_at,authors(name)&author_id=eq.${1 + (i % AUTHORS)}&limit=20` },
  { name: 'insert one row', method: 'POST', path: () => '/posts', body: (i) => JSON.stringify({ author_id: 1 + (i % AUTHORS), title: `bench ${i}`, body: 'x' }) },
];

interface Result {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

/** `op` from CONCURRENCY workers for SECONDS: completions per second and latency percentiles (ms). */
async function load(op: (i: number) => Promise<boolean>): Promise<Result> {
  const latencies: number[] = [];
  let failed = 0;
  let n = 0;
  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        if (await op(n++)) latencies.push(performance.now() - t);
        else failed++;
      }
    }),
  );
  const secs = (performance.now() - start) / 1000;
  return { perSecond: latencies.length / secs, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed };
}


/** Through the server: HTTP on loopback, anon key, as supabase-js sends it. */
async function viaServer(url: string, c: Case): Promise<Result> {
  // No key: anon, as the local Supabase stack allows.
  const headers = { 'content-type': 'application/json' };
  return load(async (i) => {
    const res = await fetch(`${url}/rest/v1${c.path(i)}`, { method: c.method, headers, body: c.body?.(i) });
    await res.arrayBuffer();
    return res.status < 300;
  });
}

/** The limit: the SQL the server generates for the same request, run directly on the driver. */
async function viaDriver(db: Db, c: Case): Promise<Result> {
  const cache = await loadSchemaCache(db, ['public'], ['public', 'extensions']);
  return load(async (i) => {
    const [path, query = ''] = c.path(i).split('?');
    const plan = planRequest({ cache, maxRows: 1000 }, { method: c.method, path: path!, query, headers: { 'content-type': 'application/json' }, body: c.body?.(i) });
    if (plan.kind !== 'read' && plan.kind !== 'mutate') throw new Error(`unexpected plan ${plan.kind}`);
    const st = plan.kind === 'read' ? readStatements(plan, 1000).main : mutateStatement(plan);
    await db.query(st.sql, st.params);
    return true;
  });
}

async function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gather_rest_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function line(label: string, server: Result, limit: Result): string {
  return (
    `  ${label.padEnd(28)} server ${fmt(server.perSecond).padStart(6)} req/s  p50 ${fmt(server.p50, 2).padStart(6)} ms  p99 ${fmt(server.p99, 2).padStart(6)} ms` +
    `   driver ${fmt(limit.perSecond).padStart(6)} q/s  p50 ${fmt(limit.p50, 2).padStart(6)} ms  p99 ${fmt(limit.p99, 2).padStart(6)} ms` +
    `   ratio ${fmt(server.perSecond / limit.perSecond, 2)}${server.failed ? `  (${server.failed} failed)` : ''}`
  );
}

async function benchDriver(kind: 'pglite' | 'postgres'): Promise<void> {
  const pgTarget = kind === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!) : undefined;
  const { url, child } = await startBenchServer(SERVER, [pgTarget?.url ?? 'memory']);
  const server: Result[] = [];
  try {
    for (const c of CASES) server.push(await viaServer(url, c));
  } finally {
    await stop(child);
  }
  // The limit runs in this process on a database of the same shape.
  let db: Db;
  if (pgTarget) db = await openPostgres(pgTarget.url);
  else {
    db = await openPglite();
    await bootstrapPlatform(db, { autoExposeNewTables: false });
    await db.exec(BENCH_SCHEMA);
  }
  try {
    console.log(`rest (${kind}, ${CONCURRENCY} concurrent clients, ${SECONDS} s each; limit = the same generated SQL run directly on the driver in one process)`);
    for (let i = 0; i < CASES.length; i++) console.log(line(CASES[i]!.name, server[i]!, await viaDriver(db, CASES[i]!)));
  } finally {
    await db.close();
    await pgTarget?.drop();
  }
}

/** GET by primary key, a 20-row list with an embed, and an insert, through the server and on the driver. */
export async function restBench(): Promise<void> {
  await benchDriver('pglite');
  if (process.env.DATABASE_URL) await benchDriver('postgres');
}
