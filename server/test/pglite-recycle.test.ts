// PGlite's memory given back after a large statement (pglite-recycle.ts, decision 0466): a
// WebAssembly memory only grows, so a data folder's instance that grew past a margin is closed
// and opened again in a new worker once the database is idle. PGlite whatever DATABASE_URL says.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../src/db/pglite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'gather-recycle-'));
const reopened: { grewMib: number; ms: number }[] = [];
let db: PgliteDb;
const heard: string[] = [];
/** The process's memory with the grown instance still open. */
let grown = 0;

beforeAll(async () => {
  const log = {
    warn: (obj: object, msg: string) => void (msg.startsWith('embedded database reopened to give back') && reopened.push(obj as { grewMib: number; ms: number })),
    error: () => {},
  };
  db = await openPglite(join(dir, 'db'), undefined, { log, recycle: { growthMib: 64, idleMs: 500, checkMs: 200 } });
  await db.exec('create table kept (id int primary key, note text)');
  await db.listen('recycle_test', (payload) => heard.push(payload));
}, 60_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A statement whose result is 200 MB: PGlite's wasm memory grows by ~480 MiB and stays so. */
const large = () => db.query(`select length(string_agg(repeat('x', 1000), '')) as n from generate_series(1, 200000)`);

const rssMib = () => process.memoryUsage().rss / 1048576;

async function until(done: () => boolean, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; !done() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
}

describe('PGlite gives back the memory a large statement took', () => {
  it('holds off while a database-port client is connected (its session lives in the instance)', async () => {
    const tool = db.wireClient();
    await db.query(`insert into kept values (1, 'before the reopen')`);
    await large();
    await new Promise((r) => setTimeout(r, 1500));
    expect(reopened).toEqual([]);
    grown = rssMib();
    await tool.close();
  });

  it('reopens the data folder once idle: the memory is given back, the rows and the listens are kept', async () => {
    await until(() => reopened.length > 0);
    expect(reopened).toHaveLength(1);
    expect(reopened[0]!.grewMib).toBeGreaterThan(300);
    // V8 frees the old worker's memory when the thread is gone.
    await until(() => rssMib() < grown - 200, 5000);
    expect(rssMib()).toBeLessThan(grown - 200);
    console.log(`reopened: the instance had grown ${reopened[0]!.grewMib} MiB; reopen ${reopened[0]!.ms} ms; process ${Math.round(grown)} → ${Math.round(rssMib())} MiB`);
    expect((await db.query(`select note from kept where id = 1`)).rows).toEqual([{ note: 'before the reopen' }]);
    await db.notify('recycle_test', 'after the reopen');
    await until(() => heard.length > 0, 5000);
    expect(heard).toEqual(['after the reopen']);
  });

  it('does not reopen again while the memory stays within the margin', async () => {
    await db.query(`select count(*) from generate_series(1, 1000)`);
    await new Promise((r) => setTimeout(r, 1500));
    expect(reopened).toHaveLength(1);
  });
});
