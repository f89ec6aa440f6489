// PostgreSQL's autovacuum, for PGlite (pglite-autovacuum.ts, decision 0464): the embedded
// database runs no background workers, so the driver sees to statistics and dead rows itself.
// PGlite whatever DATABASE_URL says: PostgreSQL has its own autovacuum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db-types.ts';
import { openPglite } from '../src/db/pglite-driver.ts';

let db: Db;
beforeAll(async () => {
  db = await openPglite(undefined, undefined, { autovacuumNapMs: 100 });
}, 60_000);
afterAll(() => db?.close());

/** The table's counters and catalog figures as autovacuum reads them. */
async function table(name: string) {
  const r = await db.query<{ analyzed: boolean; vacuumed: boolean; dead: number; reltuples: number; stats: number }>(
    `select s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed, s.n_dead_tup::int as dead,
            c.reltuples::float8 as reltuples, (select count(*)::int from pg_stats p where p.tablename = $1) as stats
     from pg_stat_all_tables s join pg_class c on c.oid = s.relid where s.relname = $1`, [name]);
  return r.rows[0]!;
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (done(v) || i >= 100) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('autovacuum on PGlite', () => {
  it('analyzes a table that grew, so the planner knows its rows', async () => {
    await db.exec(`create table grown (id int, word text);
      insert into grown select i, 'w' || (i % 10) from generate_series(1, 5000) i;`);
    const after = await until(() => table('grown'), (t) => t.analyzed);
    expect(after).toMatchObject({ analyzed: true, reltuples: 5000, stats: 2 });
    // A word in a tenth of the rows is expected in about a tenth (PGlite's guess without statistics: 281 of any size).
    const plan = await db.query<{ 'QUERY PLAN': string }>(`explain select * from grown where word = 'w1'`);
    expect(Number(/rows=(\d+)/.exec(plan.rows[0]!['QUERY PLAN'])![1])).toBe(500);
  });

  it('vacuums the dead rows of many deletes', async () => {
    await db.exec(`delete from grown where id <= 3000`);
    const after = await until(() => table('grown'), (t) => t.vacuumed && t.dead === 0);
    expect(after).toMatchObject({ vacuumed: true, dead: 0, reltuples: 2000 });
  });

  it('analyzes a table never analyzed after the counters start again (as after a restart)', async () => {
    await db.exec(`create table kept (id int) with (autovacuum_enabled = false);
      insert into kept select generate_series(1, 1000);
      create table reopened (id int); insert into reopened select generate_series(1, 1000);`);
    await db.query('select pg_stat_reset()');
    const after = await until(() => table('reopened'), (t) => t.analyzed);
    expect(after).toMatchObject({ analyzed: true, reltuples: 1000 });
  });

  it('leaves alone a table whose storage parameters turn autovacuum off', async () => {
    await db.exec(`insert into kept select generate_series(1, 5000)`);
    // Ten passes' time (100 ms apart).
    await new Promise((r) => setTimeout(r, 1000));
    expect(await table('kept')).toMatchObject({ analyzed: false, vacuumed: false, reltuples: -1 });
  });
});
