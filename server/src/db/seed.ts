import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Db, PgError } from './db-types.ts';
import { MigrationError, asSupabasePostgres } from './migrations.ts';

/**
 * Runs `<project>/seed.sql` in one transaction and records it in
 * `supabase_migrations.seed_files` as the Supabase CLI does. Without `force`, a seed already
 * recorded is skipped, so demo data loads on the first start only.
 */
export async function applySeed(db: Db, projectDir: string, force = false): Promise<boolean> {
  const file = join(projectDir, 'seed.sql');
  if (!existsSync(file)) return false;
  const key = relative(join(projectDir, '..'), file);
  if (!force) {
    const seen = await db.query('select 1 from supabase_migrations.seed_files where path = $1', [key]);
    if (seen.rows.length > 0) return false;
  }
  const sql = readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(sql).digest('hex');
  await db.transaction(async (tx) => {
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
  });
  return true;
}
