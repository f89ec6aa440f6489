import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { lockDataDir } from './data-dir-lock.ts';
import { loadPglite } from './extensions.ts';

/**
 * `gather-server db dump` (decision 0239): pg_dump 18 for the embedded database without a
 * PostgreSQL 18 client. pglite-tools' pg_dump is WASM whose libpq talks to a PGlite object in the
 * same thread, so it cannot go through the database port nor reach a running server's instance
 * (decision 0246): the command opens the data folder itself, under the folder's lock (decision
 * 0091), so it refuses while a server owns the folder.
 */
export class DumpError extends Error {}

/**
 * The plain-SQL dump of a PGlite data folder (what `pg_dump` prints; `args` are pg_dump's own,
 * e.g. `--schema-only`, `--inserts`, `--schema=public`). `modules`: the extension bundles the
 * server would load for this project (pgliteModules), so the dump can read their types.
 */
export async function dumpDataFolder(dataDir: string, modules: readonly string[], args: string[] = []): Promise<string> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new DumpError(`${dataDir} holds no database (no PG_VERSION); nothing to dump`);
  const lock = lockDataDir(dataDir);
  try {
    const { PGlite, extensions } = await loadPglite(modules);
    const pg = await PGlite.create(dataDir, { extensions });
    try {
      const file = await pgDump({ pg, args });
      return await file.text();
    } finally {
      await pg.close();
    }
  } finally {
    lock.release();
  }
}
