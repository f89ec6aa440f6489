import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runCli, type CliRun } from './helpers/run-cli.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';
import { subscribed } from './helpers/realtime.ts';

const EMPTY_PROJECT = fileURLToPath(new URL('./fixtures/empty-project', import.meta.url));

describe('start --workers', () => {
  it('refuses more than one worker on PGlite, saying why', async () => {
    const run = runCli(['start', '--project', EMPTY_PROJECT, '--db', 'memory', '--port', '0', '--workers', '2']);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(
      'error: --workers 2: PGlite runs inside one process, so it serves one worker; use --workers 1, or PostgreSQL (--db postgres://…) for more',
    );
  });
});

function projectWithFeed(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-workers-'));
  mkdirSync(join(dir, 'migrations'));
  writeFileSync(
    join(dir, 'migrations', '20260101000000_feed.sql'),
    `create table public.feed (id int primary key, body text);
     grant select on public.feed to anon;
     alter publication supabase_realtime add table public.feed;
     create table public.ticks (id serial primary key, at timestamptz not null default clock_timestamp());`,
  );
  // A bucket in config.toml and no seed.sql: start creates it all the same (decision 0221).
  writeFileSync(join(dir, 'config.toml'), '[storage.buckets.covers]\npublic = true\n');
  return dir;
}

const metricValue = (text: string, line: RegExp) => Number(line.exec(text)?.[1] ?? NaN);

// PGlite lives inside one process; workers share only a PostgreSQL database.
if (driverName !== 'postgres') console.log('cluster-workers: the two-worker cases skipped on PGlite: they need PostgreSQL (set DATABASE_URL; .ci/run does)');
describe.skipIf(driverName !== 'postgres')('two workers on one port (PostgreSQL)', { timeout: 90_000 }, () => {
  let testDb: TestDb;
  let run: CliRun;
  let url: string;
  let anonKey: string;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    testDb = await createTestDb();
    run = runCli(['start', '--project', projectWithFeed(), '--db', testDb.target, '--port', '0', '--workers', '2', '--metrics', '/metrics']);
    url = (await run.waitFor(/ready http:\/\/\S+/)).slice('ready '.length);
    anonKey = (await run.waitFor(/anon key: \S+/)).slice('anon key: '.length);
  });
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
    await testDb?.drop();
  });

  it('prints both workers and serves the metrics of both from either', async () => {
    expect(run.output()).toContain('workers: 2');
    expect(run.output()).toContain('applied 1 migration(s)');
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toMatch(/gather_cluster_workers 2\b/);
    expect(text).toMatch(/gather_realtime_connections\{worker="1"\} 0\b/);
    expect(text).toMatch(/gather_realtime_connections\{worker="2"\} 0\b/);
  });

  it("creates config.toml's buckets without a seed.sql, as one process does", async () => {
    // The primary prepares the database for its workers; it used to create buckets only after a seed.
    const { rows } = await testDb.db.query<{ id: string; public: boolean }>('select id, public from storage.buckets');
    expect(rows).toEqual([{ id: 'covers', public: true }]);
  });

  it('delivers each change once to every subscriber, whichever worker holds its socket', async () => {
    const got: number[][] = [];
    for (let i = 0; i < 6; i++) {
      const c = createClient(url, anonKey, { realtime: { transport: WebSocket as never } });
      clients.push(c);
      const mine: number[] = [];
      got.push(mine);
      await subscribed(c.channel(`feed-${i}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'feed' }, (p) => mine.push((p.new as { id: number }).id)));
    }
    const text = await (await fetch(`${url}/metrics`)).text();
    // The cluster hands connections round-robin: both workers hold subscribers.
    expect(metricValue(text, /gather_realtime_connections\{worker="1"\} (\d+)/)).toBeGreaterThan(0);
    expect(metricValue(text, /gather_realtime_connections\{worker="2"\} (\d+)/)).toBeGreaterThan(0);
    for (const id of [1, 2, 3]) await testDb.db.query('insert into public.feed values ($1, $2)', [id, `row ${id}`]);
    await expect.poll(() => got.every((g) => g.includes(3)), { timeout: 30_000 }).toBe(true);
    // A last change after the others: a duplicate of 1-3 would come before it on its socket.
    await testDb.db.query(`insert into public.feed values (4, 'last')`);
    await expect.poll(() => got.every((g) => g.includes(4)), { timeout: 30_000 }).toBe(true);
    for (const g of got) expect(g).toEqual([1, 2, 3, 4]);
  });

  it('runs cron in one process: one worker holds the lease, and each tick runs once', async () => {
    await testDb.db.query(`select cron.schedule('tick', '1 seconds', 'insert into public.ticks default values')`);
    const leaders = () =>
      testDb.db.query<{ n: string }>(
        `select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where l.locktype = 'advisory' and l.granted and l.database = (select oid from pg_database where datname = current_database())
           and a.application_name = 'gather-server-leader'`,
      );
    await expect.poll(async () => Number((await leaders()).rows[0]?.n), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(async () => Number((await testDb.db.query<{ n: string }>('select count(*) as n from public.ticks')).rows[0]?.n), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    const runs = await testDb.db.query<{ runs: string; slots: string }>(
      `select count(*) as runs, count(distinct c.slot) as slots from _gather.cron_claims c join cron.job j on j.jobid = c.jobid where j.jobname = 'tick'`,
    );
    expect(Number(runs.rows[0]!.runs)).toBe(Number(runs.rows[0]!.slots));
    await testDb.db.query(`select cron.unschedule('tick')`);
  });

  it('drains every worker on SIGTERM and closes their sessions, the lease with them', async () => {
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    // Postgres notices closed sessions on its own schedule: wait for it, without a time limit of ours.
    const sessions = async () =>
      Number(
        (
          await testDb.db.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = current_database()
             and application_name in ('gather-server-leader', 'gather-server-listen')`,
          )
        ).rows[0]?.n,
      );
    await expect.poll(sessions, { timeout: 30_000 }).toBe(0);
  });
});
