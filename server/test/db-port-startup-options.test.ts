import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 34, "Also": a tool's startup packet options (PGOPTIONS='-c search_path=…', node-pg's
// `options`) reach its session, a setting Postgres does not know ends the connection as
// Postgres ends it, and a tool's temporary tables go with its connection. On PGlite through the
// database port; on PostgreSQL the same checks against the server itself (the contract).

const run = promisify(execFile);
let s: TestServer;
let url: URL;

beforeAll(async () => {
  s = await startTestServer({ dbPort: '0' });
  url = driverName === 'pglite' ? new URL(`postgresql://postgres:postgres@127.0.0.1:${s.dbPort}/postgres`) : new URL(s.testDb.target);
}, 180_000);
afterAll(async () => {
  await s?.stop();
});

async function withClient<T>(options: string | undefined, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url.toString(), options });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe(`startup options on ${driverName}`, { timeout: 60_000 }, () => {
  it("psql with PGOPTIONS='-c search_path=… -c statement_timeout=…' gets them", async () => {
    const { stdout } = await run('psql', ['-XAt', '-d', url.toString(), '-c', 'select current_schemas(false)', '-c', 'show statement_timeout'], {
      env: { ...process.env, PGOPTIONS: '-c search_path=auth,storage -c statement_timeout=5s' },
    });
    expect(stdout.trim().split('\n')).toEqual(['{auth,storage}', '5s']);
  });

  it("node-pg's `options` (--name=value and -c), custom settings kept across statements", async () => {
    const got = await withClient('--search-path=storage -c request.jwt.claim.sub=abc', async (c) => {
      const first = (await c.query(`select current_schema() as schema`)).rows[0];
      const second = (await c.query(`select current_setting('request.jwt.claim.sub', true) as sub`)).rows[0];
      return { ...first, ...second };
    });
    expect(got).toEqual({ schema: 'storage', sub: 'abc' });
  });

  it('a setting Postgres does not know ends the connection with FATAL, naming it', async () => {
    await expect(withClient('-c no_such_setting=1', async () => {})).rejects.toMatchObject({
      severity: 'FATAL',
      message: 'unrecognized configuration parameter "no_such_setting"',
    });
    await expect(withClient('-x', async () => {})).rejects.toMatchObject({ severity: 'FATAL', message: 'invalid command-line argument for server process: -x' });
  });

  it("a tool's temporary table is gone once it disconnects", async () => {
    await withClient(undefined, (c) => c.query(`create temp table scratch (x int); insert into scratch values (1)`));
    const n = await withClient(undefined, async (c) => {
      await c.query(`create temp table scratch (x int)`);
      return (await c.query(`select count(*)::int as n from scratch`)).rows[0].n;
    });
    expect(n).toBe(0);
  });
});
