import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Db, PgError, Queryable } from './db-types.ts';
import { allowPlainCreate, explainMissingExtension } from './extensions.ts';
import { underStartLock } from './start-lock.ts';

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

/** `<version>_<name>.sql`, as the Supabase CLI names them; applied in name order. */
export function listMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const stem = basename(f, '.sql');
      const i = stem.indexOf('_');
      return {
        version: i > 0 ? stem.slice(0, i) : stem,
        name: i > 0 ? stem.slice(i + 1) : '',
        path: join(dir, f),
      };
    });
}

/**
 * What a migration or seed runs with, as Supabase's `postgres` role does: `search_path` with
 * `extensions` (so `uuid_generate_v4()`, `crypt()`, `digest()` resolve unqualified), and the
 * statement text with `create extension pg_cron` / `pg_net` made idempotent over the server's
 * stand-ins (decision 0224). Returns the SQL to run.
 */
export async function asSupabasePostgres(tx: Queryable, sql: string): Promise<string> {
  await tx.query(`select set_config('search_path', '"$user", public, extensions', true)`);
  const { rows } = await tx.query<{ name: string }>(
    `select e.name from _gather.emulated_extensions e join pg_extension x on x.extname = e.name`,
  );
  return allowPlainCreate(sql, rows.map((r) => r.name));
}

/** A failed migration: which file, which line, and Postgres's own words. */
export class MigrationError extends Error {
  readonly file: string;
  readonly line?: number;
  readonly pgError: PgError;
  constructor(file: string, sql: string, cause: PgError, kind: 'migration' | 'seed' = 'migration', driver?: 'pglite' | 'postgres') {
    if (driver) cause = explainMissingExtension(cause, driver);
    const pos = Number(cause.position);
    const line = Number.isFinite(pos) && pos > 0 ? sql.slice(0, pos - 1).split('\n').length : undefined;
    const where = line ? `${file}:${line}` : file;
    const extra = [cause.detail && `detail: ${cause.detail}`, cause.hint && `hint: ${cause.hint}`, cause.where && `where: ${cause.where}`]
      .filter(Boolean)
      .join('; ');
    super(`${kind} ${where}: ${cause.code ? `[${cause.code}] ` : ''}${cause.message}${extra ? ` (${extra})` : ''}`);
    this.file = file;
    this.line = line;
    this.pgError = cause;
  }
}

/**
 * Applies, in name order, each migration not yet recorded, each in its own transaction. A
 * failure rolls that migration back, leaves earlier ones in place and stops.
 */
export async function applyMigrations(db: Db, dir: string): Promise<MigrationFile[]> {
  const applied: MigrationFile[] = [];
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  for (const m of listMigrations(dir)) {
    if (done.has(m.version)) continue;
    const sql = readFileSync(m.path, 'utf8');
    const ran = await underStartLock(db, async (tx) => {
      // Another instance may have applied it while we waited for the lock.
      const again = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [m.version]);
      if (again.rows.length > 0) return false;
      try {
        await tx.exec(await asSupabasePostgres(tx, sql));
      } catch (err) {
        throw new MigrationError(m.path, sql, err as PgError, 'migration', db.kind);
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        m.version,
        m.name,
        [sql],
      ]);
      return true;
    });
    if (ran) applied.push(m);
  }
  return applied;
}
