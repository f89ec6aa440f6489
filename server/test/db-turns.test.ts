import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, RequestContext } from '../src/db/db-types.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

// Sharing the database between clients (decision 0255): on PGlite one backend serves every
// request, on PostgreSQL a pool of ten. A client with a backlog of requests must not make the
// others wait for all of it, and on PGlite a REST request of a client that has been hogging the
// backend is cancelled inside Postgres (57014) when it holds it past its turn while another
// client waits, the instance living on; nobody else's request is ever cut.

let t: TestDb;
let db: Db;
beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
});
afterAll(() => t?.drop());

/** A request's context for user `sub` (requests outside HTTP count by role and user). */
const as = (sub: string, settings: Record<string, string> = {}): RequestContext => ({ role: 'postgres', claims: { sub }, settings });

describe(`database turns between clients (${driverName})`, { timeout: 120_000 }, () => {
  it('a client with a backlog of slow requests does not make another client wait for all of it', async () => {
    // PGlite: twelve 0.1 s statements, one after another. PostgreSQL: twelve 1 s statements on a pool of ten.
    const sleep = driverName === 'pglite' ? 0.1 : 1;
    const done: string[] = [];
    const backlog = Array.from({ length: 12 }, (_, i) => db.runAsRole(as('busy'), [{ sql: 'select pg_sleep($1)', params: [sleep] }]).then(() => done.push(`busy ${i}`)));
    await new Promise((r) => setImmediate(r));
    const other = db.runAsRole(as('other'), [{ sql: 'select 1' }]).then(() => done.push('other'));
    await Promise.all([...backlog, other]);
    // First come, first served put it last (PGlite: after 1.2 s of the backlog; PostgreSQL: behind
    // ten pooled connections). Now it is served after at most one of the backlog's statements.
    expect(done.indexOf('other')).toBeLessThanOrEqual(1);
  });
});

// On PostgreSQL every request has a backend of its own: nothing to cut (statement_timeout holds).
if (driverName !== 'pglite') console.log('db-turns: turn cancels are PGlite’s (one backend); skipped on PostgreSQL');
describe.skipIf(driverName !== 'pglite')('a REST request’s turn on the one backend (pglite)', { timeout: 120_000 }, () => {
  /** A REST caller (runAsRole) as `anon`, with the statement timeout given. */
  const rest = (sub: string, timeout = '60s'): RequestContext => ({ role: 'anon', claims: { sub }, settings: { statement_timeout: timeout } });
  const minutes = [{ sql: 'select count(*) from generate_series(1, 1e11)' }];
  /** Makes `sub` a client that has held the backend lately, more than the others: 3 s of statements, nobody waiting (nothing cut). */
  const hogging = (sub: string) => db.runAsRole(rest(sub), [{ sql: 'select pg_sleep(3)' }]);

  it('a slow statement of a client that has not been hogging the backend runs to its end while others wait (a busy machine fails nobody)', async () => {
    const slow = db.runAsRole(rest('fresh'), [{ sql: 'select pg_sleep(1.5) as slept' }]);
    await new Promise((r) => setTimeout(r, 50));
    const waiting = db.runAsRole(rest('waiting'), [{ sql: 'select 1 as one' }]);
    expect((await slow)[0]!.rows).toEqual([{ slept: '' }]);
    expect((await waiting)[0]!.rows).toEqual([{ one: 1 }]);
  });

  it('a hogging client’s statement past its turn while another client waits ends with 57014 inside Postgres; the other runs; the instance lives on', async () => {
    await db.exec('create temp table still_here (x int); insert into still_here values (7)');
    await hogging('hog');
    // Minutes of work, under a 60 s statement timeout: only its turn can end it early.
    const started = Date.now();
    const hog = db.runAsRole(rest('hog'), minutes);
    await new Promise((r) => setTimeout(r, 50));
    const waiting = db.runAsRole(rest('waiting'), [{ sql: 'select 1 as one' }]);
    await expect(hog).rejects.toMatchObject({ code: '57014', message: 'canceling statement because other requests are waiting for the database' });
    console.log(`db-turns: a hog's statement cut after ${Date.now() - started} ms (turn 100 ms)`);
    expect((await waiting)[0]!.rows).toEqual([{ one: 1 }]);
    expect((await db.query('select x from still_here')).rows).toEqual([{ x: 7 }]);
    await db.exec('drop table still_here');
  });

  it('a hog’s statement is not cut for the server’s own work waiting: it runs to its statement timeout', async () => {
    await hogging('hog');
    const request = db.runAsRole(rest('hog', '1500ms'), minutes);
    await new Promise((r) => setTimeout(r, 50));
    // A background job (cron, a queue) outside any HTTP request.
    const job = db.query<{ one: number }>('select 1 as one');
    await expect(request).rejects.toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect((await job).rows).toEqual([{ one: 1 }]);
  });

  it('nor is a service-role caller’s (functions, scripts), however much it used the backend', async () => {
    // A database of its own: only these two clients' use counts.
    const fresh = await createTestDb();
    try {
      const service = (timeout: string): RequestContext => ({ role: 'service_role', claims: {}, settings: { statement_timeout: timeout } });
      await fresh.db.runAsRole(rest('other'), [{ sql: 'select pg_sleep(0.05)' }]);
      await fresh.db.runAsRole(service('60s'), [{ sql: 'select pg_sleep(3)' }]);
      const trusted = fresh.db.runAsRole(service('1500ms'), minutes);
      await new Promise((r) => setTimeout(r, 50));
      const other = fresh.db.runAsRole(rest('other'), [{ sql: 'select 1 as one' }]);
      await expect(trusted).rejects.toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
      expect((await other)[0]!.rows).toEqual([{ one: 1 }]);
    } finally {
      await fresh.drop();
    }
  });
});

// PostgreSQL runs each connection's statement on a backend of its own: twelve heavy requests of one
// client at once, on 2 cores, starved everyone else's light ones for a second (decision 0458).
if (driverName === 'pglite') console.log('db-turns: connections side by side are PostgreSQL’s (a pool); skipped on PGlite');
describe.skipIf(driverName === 'pglite')('one client’s connections side by side (postgres)', { timeout: 120_000 }, () => {
  /** The most statements of `sub` seen running at once while it sends `n` half-second ones together. */
  async function mostAtOnce(sub: string, n: number): Promise<number> {
    let running = true;
    const all = Promise.all(Array.from({ length: n }, () => db.runAsRole(as(sub), [{ sql: `select pg_sleep(0.5) /* ${sub} */` }]))).finally(() => (running = false));
    let most = 0;
    while (running) {
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1`, [`select pg_sleep(0.5) /* ${sub} */%`]);
      most = Math.max(most, rows[0]!.n);
      await new Promise((r) => setTimeout(r, 25));
    }
    await all;
    return most;
  }

  it('while another client uses the database, one client holds as many connections as there are cores; alone, up to pool − 2', async () => {
    const cores = availableParallelism();
    const n = Math.min(cores + 2, 8);
    if (n <= cores) console.log(`db-turns: ${cores} cores: more than the pool lets one client hold; the crowded case cannot show its cap here`);
    await new Promise((r) => setTimeout(r, 1100)); // nobody else has used it for a second
    expect(await mostAtOnce('alone', n)).toBe(n);
    await db.runAsRole(as('other'), [{ sql: 'select 1' }]);
    expect(await mostAtOnce('crowded', n)).toBe(Math.min(n, cores));
  });
});
