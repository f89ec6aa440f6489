import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db-types.ts';
import { underStartLock } from './start-lock.ts';

const BOOTSTRAP_DIR = fileURLToPath(new URL('./bootstrap/', import.meta.url));

export interface BootstrapOptions {
  /** Supabase's old default: grant new public tables to the API roles automatically. */
  autoExposeNewTables: boolean;
}

/**
 * Creates, idempotently, what a Supabase database has before any app migration: roles,
 * schemas, auth and storage tables and helpers, the realtime publication, the migrations table.
 */
export async function bootstrapPlatform(db: Db, opts: BootstrapOptions): Promise<void> {
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
    // Only ever granted, never revoked here: an app's own migrations may have set them.
    if (opts.autoExposeNewTables) {
      await tx.exec(`
        alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
        alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
        alter default privileges in schema public grant all on functions to anon, authenticated, service_role;`);
    }
  });
}
