import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db-types.ts';
import { grantAutoExposeOnce } from './auto-expose-grants.ts';
import { underStartLock } from './start-lock.ts';

const BOOTSTRAP_DIR = fileURLToPath(new URL('./bootstrap/', import.meta.url));

export interface BootstrapOptions {
  /** Supabase's old default: grant new public tables to the API roles (once per database, decision 0270). */
  autoExposeNewTables?: boolean;
}

/**
 * Creates, idempotently, what a Supabase database has before any app migration: roles,
 * schemas, auth and storage tables and helpers, the realtime publication, the migrations table.
 */
export async function bootstrapPlatform(db: Db, opts: BootstrapOptions = {}): Promise<void> {
  const files = readdirSync(BOOTSTRAP_DIR).filter((f) => f.endsWith('.sql')).sort();
  await underStartLock(db, async (tx) => {
    for (const file of files) {
      try {
        await tx.exec(readFileSync(BOOTSTRAP_DIR + file, 'utf8'));
      } catch (err) {
        (err as Error).message = `platform bootstrap ${file}: ${(err as Error).message}`;
        throw err;
      }
    }
    // Before the migrations, as the platform granted them when it made the database.
    if (opts.autoExposeNewTables) await grantAutoExposeOnce(tx);
  });
}
