import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Queryable } from '../../server/src/db/db-types.ts';
import { settledRss, total } from '../memory/process-tree.ts';
import { freshPostgres } from '../support/fresh-postgres.ts';
import { fmt, spawnUntil, stop } from '../support/measure.ts';
import { benchIds, seedEvents, seedPeopleAndGroups, statisticsByMaintenance } from './data-seed.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The banner's keys (its URL and anon key are printed by then), and on PGlite the database port's URL after them. */
const READY = /secret key: /;
const DB_PORT = /^database: (postgresql:\S+)/m;

/**
 * The resident memory of `gather-server start` (the Gather project with its demo data, every
 * process of it) holding the data bench's community at each size: seeded through its database
 * port (PGlite) or its database (PostgreSQL) as the in-process bench seeds, the app's reads
 * (`readAll`) asked twice through its REST API as anon, then measured once settled.
 */
export async function serverMemoryBySize(sizes: number[], readAll: (url: string, anonKey: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gather-bench-data-memory-'));
  const postgres = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, 'gather_bench_data_memory') : undefined;
  const args = [`${ROOT}server/bin/gather-server.js`, 'start', '--project', `${ROOT}supabase`, '--port', '0', '--storage', join(dir, 'storage'),
    ...(postgres ? ['--db', postgres.url, '--db-port', 'off'] : ['--db', join(dir, 'db'), '--db-port', '0'])];
  const { child, done } = spawnUntil(args, postgres ? READY : DB_PORT, { GATHER_LOG_LEVEL: 'warn' });
  let out = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d: Buffer) => (out += d.toString()));
  let client: pg.Client | undefined;
  try {
    await done;
    const url = /ready (\S+)/.exec(out)![1]!;
    const anonKey = /anon key: (\S+)/.exec(out)![1]!;
    client = new pg.Client({ connectionString: postgres?.url ?? DB_PORT.exec(out)![1] });
    await client.connect();
    const c = client;
    const db: Queryable = {
      query: async (sql, params) => (await c.query(sql, params)) as never,
      exec: async (sql) => void (await c.query(sql)),
    };
    await benchIds(db);
    await seedPeopleAndGroups(db);
    const workers = postgres ? ' (its default workers)' : '';
    let seeded = 0;
    let first: number | undefined;
    for (const size of sizes) {
      await seedEvents(db, seeded, size);
      await statisticsByMaintenance(db);
      seeded = size;
      for (let i = 0; i < 2; i++) await readAll(url, anonKey);
      const ps = await settledRss(child.pid!);
      first ??= total(ps);
      const parts = ps.map((p) => `${p.role} ${fmt(p.mib)}`).join(', ');
      console.log(`  ${String(size).padStart(6)} events: ${fmt(total(ps))} MiB all in (${parts})   ×${fmt(total(ps) / first, 2)} of ${sizes[0]}`);
    }
    console.log(`  (gather-server start${workers}, after the reads above twice as anon${postgres ? '; PostgreSQL\'s own memory apart' : ', PGlite in its process'})`);
  } finally {
    await client?.end().catch(() => {});
    await stop(child);
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
