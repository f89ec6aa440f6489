import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../src/db/pglite-driver.ts';
import type { DbLog } from '../src/db/pglite-host.ts';

// The embedded database's failure modes (decision 0090). PostgreSQL has none of them (its
// server process survives a failing backend, statement_timeout interrupts it), so these run on
// PGlite whatever DATABASE_URL says; the HTTP-level tests in hostile-requests.test.ts run on both.

const folders: string[] = [];
const dbs: PgliteDb[] = [];
afterAll(async () => {
  for (const db of dbs) await db.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

function logCollector(): DbLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (_o, msg) => lines.push(msg), error: (_o, msg) => lines.push(msg) };
}

/** One instance of each kind, shared by the tests (each costs seconds to create). */
const opened = new Map<string, Promise<{ db: PgliteDb; log: ReturnType<typeof logCollector> }>>();
async function open(where: 'folder' | 'memory') {
  if (!opened.has(where)) opened.set(where, create(where));
  const o = await opened.get(where)!;
  o.log.lines.length = 0;
  await o.db.exec('delete from notes where id > 50');
  return o;
}

async function create(where: 'folder' | 'memory', log = logCollector()) {
  let dir: string | undefined;
  if (where === 'folder') {
    dir = mkdtempSync(join(tmpdir(), 'gather-recovery-'));
    folders.push(dir);
  }
  const db = await openPglite(dir, undefined, { log });
  dbs.push(db);
  await db.exec(`create table notes (id int primary key, body text); insert into notes select g, 'n' || g from generate_series(1, 50) g;`);
  return { db, log };
}

/** JSON nested `depth` deep, as a text parameter (so only Postgres parses it). */
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

// Each case opens or replaces an embedded database: tens of seconds on a loaded machine.
describe('the embedded database recovers from what breaks or hangs it (pglite)', { timeout: 180_000 }, () => {
  for (const where of ['folder', 'memory'] as const) {
    it(`a statement that exhausts the stack fails alone; the instance is replaced and keeps every committed row (${where})`, async () => {
      const { db, log } = await open(where);
      // Today's PGlite swallows the stack overflow: the statement "succeeds" with no rows.
      await expect(db.query('select jsonb_typeof($1::jsonb) as t', [deep(1_000_000)])).rejects.toMatchObject({ code: '54001' });
      // …and the next error never came back (100 % CPU). Now it is an ordinary error.
      await expect(db.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
      expect((await db.query<{ n: string }>('select count(*)::text as n from notes')).rows).toEqual([{ n: '50' }]);
      await db.exec(`insert into notes values (51, 'after')`);
      expect((await db.query('select body from notes where id = 51')).rows).toEqual([{ body: 'after' }]);
      expect(log.lines).toContain('embedded database reopened');
    });
  }

  it('a statement past its transaction’s statement_timeout ends with 57014 inside Postgres: same instance, session and temp table, while the event loop keeps turning', async () => {
    const { db, log } = await open('folder');
    await db.exec('create temp table still_here (x int); insert into still_here values (7)');
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(Date.now()), 20);
    try {
      // Rows to count for minutes, and a sleep (Emscripten's busy wait, which never checks for interrupts by itself).
      for (const sql of ['select count(*) from generate_series(1, 1e11)', 'select pg_sleep(600)']) {
        const stuck = db.asRole({ role: 'postgres', claims: {}, settings: { statement_timeout: '300ms' } }, (tx) => tx.query(sql));
        // Postgres is busy in its own thread; this one still runs timers.
        await expect.poll(() => ticks.length).toBeGreaterThan(3);
        await expect(stuck).rejects.toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
      }
    } finally {
      clearInterval(timer);
    }
    // Before decision 0254 the worker was ended and the folder reopened: a new session, no temp table.
    expect((await db.query('select x from still_here')).rows).toEqual([{ x: 7 }]);
    expect((await db.query<{ n: string }>('select count(*)::text as n from notes')).rows).toEqual([{ n: '50' }]);
    expect(log.lines).not.toContain('embedded database reopened');
    await db.exec('drop table still_here');
  });

  it('a statement that swallows its cancel is ended by reopening the instance; operations queued meanwhile run on the new one', async () => {
    const { db, log } = await open('folder');
    // PL/pgSQL may catch query_canceled by name: such a loop never stops by itself.
    const stuck = db.asRole({ role: 'postgres', claims: {}, settings: { statement_timeout: '300' } }, (tx) =>
      tx.query(`do $$ begin loop begin perform pg_sleep(0.01); exception when query_canceled then null; end; end loop; end $$`),
    );
    const queued = db.query('select 1 as one');
    await expect(stuck).rejects.toMatchObject({ code: '57014' });
    expect((await queued).rows).toEqual([{ one: 1 }]);
    expect(log.lines).toContain('embedded database reopened');
    expect((await db.query<{ n: string }>('select count(*)::text as n from notes')).rows).toEqual([{ n: '50' }]);
  });

  it('a benign internal error (XX000 "cache lookup failed") is checked, not punished: the instance stays', async () => {
    const { db, log } = await open('memory');
    await db.exec('create temp table scratch (x int); insert into scratch values (7)');
    await expect(db.query(`select array_in('{1}'::cstring, 0, 0)`)).rejects.toMatchObject({ code: 'XX000' });
    // The health check ran (error recovery and a catalog read) and passed: same session, temp table and all.
    expect((await db.query('select x from scratch')).rows).toEqual([{ x: 7 }]);
    expect(log.lines).not.toContain('embedded database reopened');
  });

  it('LISTEN survives a replacement', async () => {
    const { db } = await open('folder');
    const got: string[] = [];
    await db.listen('hello', (p) => got.push(p));
    await expect(db.query('select jsonb_typeof($1::jsonb)', [deep(1_000_000)])).rejects.toMatchObject({ code: '54001' });
    await db.notify('hello', 'again');
    await expect.poll(() => got).toEqual(['again']);
  });
});
