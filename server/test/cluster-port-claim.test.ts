import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { START_LOCK_KEY } from '../src/db/start-lock.ts';
import { runCli, type CliRun } from './helpers/run-cli.ts';
import { emptyPostgresDatabase } from './helpers/empty-database.ts';
import { driverName } from './helpers/test-db.ts';

// Issue 30: once in ~22 starts of two workers, "port already in use / worker 1 exited". The port
// was bound only after the database was prepared (bootstrap, migrations, seed: seconds to
// minutes), so anything could take it meanwhile and start failed late, after the database work.
// Now `start` holds the port first and answers 503 while it prepares (decision 0273).

const EMPTY_PROJECT = fileURLToPath(new URL('./fixtures/empty-project', import.meta.url));

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen({ port, host: '127.0.0.1' }, () => resolve(s));
  });
}
const closeServer = (s: Server) => new Promise<void>((r) => s.close(() => r()));

/** A port nothing listens on right now (the system's pick). */
async function freePort(): Promise<number> {
  const s = await listenOn(0);
  const { port } = s.address() as { port: number };
  await closeServer(s);
  return port;
}

async function stop(run: CliRun): Promise<void> {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
  await run.exited;
}

describe(`start with its port taken (${driverName})`, { timeout: 120_000 }, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('fails at once, naming the port, without touching the database', async () => {
    const taken = await listenOn(0);
    cleanups.push(() => closeServer(taken));
    const port = String((taken.address() as { port: number }).port);
    let db: string;
    let untouched: () => Promise<boolean>;
    if (driverName === 'postgres') {
      const fresh = await emptyPostgresDatabase('gather_claim');
      cleanups.push(() => fresh.drop());
      db = fresh.url;
      untouched = async () => {
        const c = new pg.Client({ connectionString: fresh.url });
        await c.connect();
        const { rows } = await c.query(`select to_regnamespace('supabase_migrations') is null as untouched`);
        await c.end();
        return rows[0].untouched as boolean;
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'gather-claim-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      db = join(dir, 'data');
      untouched = async () => !existsSync(db);
    }
    const args = ['start', '--project', EMPTY_PROJECT, '--db', db, '--port', port, '--db-port', 'off'];
    const run = runCli(driverName === 'postgres' ? [...args, '--workers', '2'] : args);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`error: port ${port} on 127.0.0.1 is already in use (pass --port to choose another)`);
    expect(run.output()).not.toContain('worker 1 exited');
    expect(await untouched()).toBe(true);
  });
});

if (driverName !== 'postgres') console.log('cluster-port-claim: the case held in preparation skipped on PGlite: the test holds the start-up lock on PostgreSQL');
describe.skipIf(driverName !== 'postgres')('start --workers 2 holds its port while it prepares the database (PostgreSQL)', { timeout: 300_000 }, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('answers 503 meanwhile, nothing else can take the port, and the workers serve on it after', async () => {
    const fresh = await emptyPostgresDatabase('gather_claim');
    cleanups.push(() => fresh.drop());
    // Another instance's start-up holds the lock: this one waits inside its preparation.
    const holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);

    const port = await freePort();
    const run = runCli(['start', '--project', EMPTY_PROJECT, '--db', fresh.url, '--port', String(port), '--workers', '2', '--db-port', 'off']);
    cleanups.push(() => stop(run));
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${url}/ready`).catch(() => undefined))?.status, { timeout: 150_000, interval: 200 })
      .toBe(503);
    const starting = await fetch(`${url}/rest/v1/`);
    expect(starting.status).toBe(503);
    expect(starting.headers.get('retry-after')).toBe('1');
    expect(await starting.json()).toEqual({ message: 'gather-server is starting: preparing the database' });
    await expect(listenOn(port)).rejects.toMatchObject({ code: 'EADDRINUSE' });

    await holder.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]);
    expect(await run.waitFor(/ready http:\/\/\S+/)).toBe(`ready ${url}`);
    expect((await fetch(`${url}/ready`)).status).toBe(200);
    expect(run.output()).toContain('workers: 2');
  });
});
