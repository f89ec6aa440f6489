import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Db, PgError } from './db-types.ts';
import { MigrationError, asSupabasePostgres } from './migrations.ts';
import { seedFiles } from './seed-files.ts';
import { underStartLock } from './start-lock.ts';

/** `[db.seed]`: whether to seed, and which files (globs relative to the project folder). */
export interface SeedSettings {
  enabled: boolean;
  paths: string[];
}

export const DEFAULT_SEED: SeedSettings = { enabled: true, paths: ['./seed.sql'] };

/**
 * Runs the project's seed files (`[db.seed] sql_paths`, `seed.sql` by default), each in its own
 * transaction, and records each in `supabase_migrations.seed_files` as the Supabase CLI does.
 * Without `force`, a file already recorded is skipped, so demo data loads on the first start
 * only. Returns the files loaded, relative to the project folder.
 */
export async function applySeed(db: Db, projectDir: string, force = false, seed: SeedSettings = DEFAULT_SEED): Promise<string[]> {
  if (!seed.enabled) return [];
  const loaded: string[] = [];
  for (const file of seedFiles(projectDir, seed.paths).files) {
    const key = relative(join(projectDir, '..'), file);
    // Under the start-up lock, and checked there: two instances starting together seed once.
    const ran = await underStartLock(db, async (tx) => {
      if (!force) {
        const seen = await tx.query('select 1 from supabase_migrations.seed_files where path = $1', [key]);
        if (seen.rows.length > 0) return false;
      }
      const sql = readFileSync(file, 'utf8');
      const hash = createHash('sha256').update(sql).digest('hex');
      try {
        await tx.exec(await asSupabasePostgres(tx, sql));
      } catch (err) {
        throw new MigrationError(file, sql, err as PgError, 'seed', db.kind);
      }
      await tx.query(
        `insert into supabase_migrations.seed_files (path, hash) values ($1, $2)
         on conflict (path) do update set hash = excluded.hash`,
        [key, hash],
      );
      return true;
    });
    if (ran) loaded.push(relative(projectDir, file));
  }
  return loaded;
}
