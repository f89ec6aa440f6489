import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db-types.ts';
import { grantAutoExposeOnce } from './auto-expose-grants.ts';
import { underStartLock } from './start-lock.ts';

const BOOTSTRAP_DIR = fileURLToPath(new URL('./bootstrap/', import.meta.url));

export interface BootstrapOptions {
  /** Supabase's old default: grant new public tables to the API roles (once per database, decision 0270). */
  autoExposeNewTables?: boolean;
}

/**
 * What does not live in the database, on PGlite: the stand-in extensions' control files (pg_cron,
 * pg_net, Vault: 09–11) and pgjwt's (18) are written into PGlite's in-memory share folder, which
 * every instance starts without. A warm start writes them again, in one statement and without
 * changing the catalog (the REST schema cache stored under its fingerprint stays good); PostgreSQL
 * keeps its catalog.
 */
const EVERY_PGLITE_START = `select _gather.stand_in_extension(name, version, null) from _gather.emulated_extensions where name <> 'pgjwt';
select _gather.install_pgjwt();`;
/**
 * What PostgreSQL keeps per database name rather than in the database: `alter database … set`
 * settings (15) and pg_cron's jobs, which name their database. A copy made with `createdb -T`,
 * or a renamed database, has the rows but not these (decision 0419).
 */
const PER_DATABASE_NAME = ['15-search-path.sql'];

/** The bootstrap's files, in order, with their text (read once a process). */
let bootstrapFiles: { name: string; sql: string }[] | undefined;
function filesInOrder(): { name: string; sql: string }[] {
  bootstrapFiles ??= readdirSync(BOOTSTRAP_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(BOOTSTRAP_DIR + name, 'utf8') }));
  return bootstrapFiles;
}

/** What this server's bootstrap would make of a database: any change to a file or the switch changes it. */
export function bootstrapFingerprint(opts: BootstrapOptions = {}): string {
  const hash = createHash('sha256').update(`auto-expose=${opts.autoExposeNewTables === true}\n`);
  for (const f of filesInOrder()) hash.update(`${f.name}\n${f.sql}\n`);
  return hash.digest('hex');
}

/** The fingerprint the database records, and the name it was bootstrapped as, if a server recorded them. */
async function recordedState(db: Db): Promise<{ fingerprint: string; database: string | null; current: string } | undefined> {
  const { rows } = await db.query<{ present: boolean }>(`select to_regclass('_gather.bootstrap_state') is not null as present`);
  if (!rows[0]?.present) return undefined;
  const state = await db.query<{ fingerprint: string; database: string | null; current: string }>(
    'select fingerprint, database, current_database() as current from _gather.bootstrap_state',
  );
  return state.rows[0];
}

async function runFile(tx: Queryable, file: { name: string; sql: string }): Promise<void> {
  try {
    await tx.exec(file.sql);
  } catch (err) {
    (err as Error).message = `platform bootstrap ${file.name}: ${(err as Error).message}`;
    throw err;
  }
}

/**
 * Creates, idempotently, what a Supabase database has before any app migration: roles,
 * schemas, auth and storage tables and helpers, the realtime publication, the migrations table.
 * A database that already had this very bootstrap (same fingerprint) only gets what must be
 * redone in every process: a warm start does not redo ~70 kB of DDL (decision 0401).
 */
export async function bootstrapPlatform(db: Db, opts: BootstrapOptions = {}): Promise<void> {
  const files = filesInOrder();
  const fingerprint = bootstrapFingerprint(opts);
  const recorded = await recordedState(db);
  if (recorded?.fingerprint === fingerprint) {
    if (db.kind === 'pglite') {
      await underStartLock(db, async (tx) => {
        await tx.exec(EVERY_PGLITE_START);
      });
    }
    if (recorded.database !== recorded.current) {
      await underStartLock(db, async (tx) => {
        for (const file of files) if (PER_DATABASE_NAME.includes(file.name)) await runFile(tx, file);
        // The stand-in's jobs only: where the real pg_cron runs, its own rules say where a job runs.
        const cron = await tx.query<{ stand_in: boolean }>(
          `select to_regclass('cron.job') is not null and exists (select 1 from _gather.emulated_extensions where name = 'pg_cron') as stand_in`,
        );
        if (recorded.database && cron.rows[0]?.stand_in) {
          await tx.query('update cron.job set database = current_database() where database = $1', [recorded.database]);
        }
        await tx.query('update _gather.bootstrap_state set database = current_database()');
      });
    }
    return;
  }
  await underStartLock(db, async (tx) => {
    for (const file of files) await runFile(tx, file);
    // Before the migrations, as the platform granted them when it made the database.
    if (opts.autoExposeNewTables) await grantAutoExposeOnce(tx);
    await tx.query(
      `insert into _gather.bootstrap_state (fingerprint, database) values ($1, current_database())
       on conflict (only_row) do update set fingerprint = excluded.fingerprint, database = excluded.database, bootstrapped_at = now()`,
      [fingerprint],
    );
  });
}
