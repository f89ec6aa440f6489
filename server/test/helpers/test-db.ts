import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Db } from '../../src/db/db-types.ts';
import { openPglite, type PgliteDb } from '../../src/db/pglite-driver.ts';
import { openPostgres } from '../../src/db/postgres-driver.ts';
import { bootstrapPlatform } from '../../src/db/bootstrap.ts';
import { applyMigrations, listMigrations } from '../../src/db/migrations.ts';

/** A database of its own for one test server, and how to throw it away. */
export interface TestDb {
  db: Db;
  /** postgres:// URL of the fresh database, or 'memory' for PGlite. */
  target: string;
  drop(): Promise<void>;
}

/**
 * Test files share templates, made once per run: the platform bootstrapped, and — for suites
 * that test what a project's migrations build rather than how a server applies them — those
 * migrations applied too (an app test file's start spent ~3–5 s applying Gather's ~120). Each
 * file gets a copy: a PGlite data-folder image, or a PostgreSQL database made `template` of one.
 * A migration that fails leaves the platform template, so the server meets the error itself.
 */
const templates = new Map<string, Promise<Template>>();
type Template = { kind: 'pglite'; image: Blob } | { kind: 'postgres'; name: string };

function template(migrations?: string): Promise<Template> {
  const files = migrations ? listMigrations(migrations) : [];
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.version).update(readFileSync(f.path));
  const key = files.length ? hash.digest('hex').slice(0, 12) : 'platform';
  let made = templates.get(key);
  if (!made) {
    made = (async () => {
      const prepared = await (key === 'platform' ? emptyTemplate() : copyOf(await template(), 'gather_tpl'));
      try {
        await bootstrapPlatform(prepared.db, { autoExposeNewTables: false });
        if (migrations) await applyMigrations(prepared.db, migrations);
      } catch (err) {
        await prepared.drop();
        if (key === 'platform') throw err;
        return template();
      }
      if (prepared.db.kind === 'pglite') {
        const image = await (prepared.db as PgliteDb).dumpDataDir();
        await prepared.db.close();
        return { kind: 'pglite', image };
      }
      await prepared.db.close();
      return { kind: 'postgres', name: new URL(prepared.target).pathname.slice(1) };
    })();
    templates.set(key, made);
  }
  return made;
}

let counter = 0;

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A new database on DATABASE_URL's cluster (a copy of `from`, if given), dropped by `drop`. */
async function newPostgresDb(prefix: string, from?: string): Promise<TestDb> {
  const name = `${prefix}_${RUN}_${Date.now().toString(36)}_${counter++}`;
  await adminQuery(`create database ${name}${from ? ` template ${from}` : ''}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    target: url.toString(),
    async drop() {
      await db.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function emptyTemplate(): Promise<TestDb> {
  if (!process.env.DATABASE_URL) {
    const db = await openPglite();
    return { db, target: 'memory', drop: () => db.close() };
  }
  await dropTemplatesOfEndedRuns();
  return newPostgresDb('gather_tpl');
}

async function copyOf(t: Template, prefix = 'gather_test'): Promise<TestDb> {
  if (t.kind === 'postgres') {
    const copy = await newPostgresDb(prefix, t.name);
    // What a copy lacks (the database-level search_path), as a server's start would redo it.
    await bootstrapPlatform(copy.db, { autoExposeNewTables: false });
    return copy;
  }
  const db = await openPglite(undefined, t.image);
  return { db, target: 'memory', drop: () => db.close() };
}

/**
 * The run a database belongs to: the vitest process whose global setup (drop-test-templates.ts)
 * set GATHER_TEST_RUN for its workers, or this process when run otherwise.
 */
const RUN = Number(process.env.GATHER_TEST_RUN) || process.pid;

/**
 * Templates and the last spare copy outlive the worker that made them (nothing async runs at
 * exit): the suite's global teardown drops its run's (`run`), and every run drops those of runs
 * whose process is gone.
 */
export async function dropTemplatesOfEndedRuns(run?: number): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'gather\\_tpl\\_%' or datname like 'gather\\_test\\_%'`);
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[2]);
      if (pid !== run && (pid === RUN || processAlive(pid))) continue;
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A bootstrapped database — with `migrations` (a project's migrations folder), those applied
 * too: PGlite in memory by default; with DATABASE_URL set, a fresh PostgreSQL database on that
 * cluster, dropped afterwards.
 */
export async function createTestDb(opts: { migrations?: string } = {}): Promise<TestDb> {
  const from = await template(opts.migrations);
  const ready = spares.get(from);
  spares.delete(from);
  const copy = (ready && (await ready.catch(() => undefined))) || (await copyOf(from));
  // The next file's copy opens now, while this one's tests run: a PGlite copy costs 1.2–1.7 s
  // of CPU and a PostgreSQL one a CREATE DATABASE, which the suite's other core has room for.
  // The last spare of a run goes with its process (PGlite) or the run's teardown (PostgreSQL).
  const spare = copyOf(from);
  spare.catch(() => undefined);
  spares.set(from, spare);
  return copy;
}
/** One copy of each template opened ahead, for the next createTestDb that asks for it. */
const spares = new Map<Template, Promise<TestDb>>();

/** Once the copies being opened ahead are open (a memory measurement must not see one arrive). */
export async function sparesOpened(): Promise<void> {
  await Promise.allSettled(spares.values());
}

export const driverName = process.env.DATABASE_URL ? 'postgres' : 'pglite';
