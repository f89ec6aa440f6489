import { dirname, extname, resolve } from 'node:path';
import pg from 'pg';
import type { Config } from '../config/config-schema.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { dbPortUrl } from '../db/db-port-url.ts';
import type { PgError } from '../db/db-types.ts';
import { explainMissingExtension } from '../db/extensions.ts';
import { openDb } from '../db/open-db.ts';
import type { PgliteDb } from '../db/pglite-driver.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { serveDbPort } from '../db-port/db-port-server.ts';
import { collectTestFiles, prove, TestPathError, type ProveResult } from './prove.ts';

/**
 * `gather-server test db [path…]`: `supabase test db` (decision 0274). pgTAP is created in
 * `extensions` if missing and dropped again afterwards, as the CLI does; then the files under
 * `<project>/tests` (or the paths given) run as pg_prove runs them; exit 1 when pg_prove's result
 * is FAIL. The database: a running server's database port when its PGlite folder is in use,
 * else the project's database itself, opened here and prepared as `start` prepares it
 * (bootstrap, pending migrations, the seed on a first start).
 */
export interface TestDbOptions {
  paths: string[];
  out?: (text: string) => void;
  err?: (text: string) => void;
}

const ENABLE_PGTAP = 'create extension if not exists pgtap with schema extensions';
const DISABLE_PGTAP = 'drop extension if exists pgtap';

interface Target {
  url: string;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Runs the tests; answers the process's exit status. */
export async function runTestDb(config: Config, opts: TestDbOptions): Promise<number> {
  const out = opts.out ?? ((s: string) => void process.stdout.write(s));
  const err = opts.err ?? ((s: string) => void process.stderr.write(s));
  const paths = opts.paths.length ? opts.paths.map((p) => resolve(p)) : [resolve(config.project, 'tests')];
  // Checked before the database is opened: a typo should not cost a PGlite start.
  try {
    collectTestFiles(paths);
  } catch (e) {
    if (e instanceof TestPathError) throw new Error(`${e.message} (test db runs the *.sql and *.pg files under ${opts.paths.length ? 'the paths given' : '<project>/tests'})`);
    throw e;
  }
  const target = await openTarget(config, err);
  try {
    const { status } = await runPgtap({ url: target.url, driver: target.driver, paths, out, err });
    return status === 'FAIL' ? 1 : 0;
  } finally {
    await target.close();
  }
}

export interface PgtapRun {
  url: string;
  driver: 'pglite' | 'postgres';
  /** Absolute folders and files. */
  paths: string[];
  out(text: string): void;
  err(text: string): void;
}

/** What `supabase test db` does on a database it reaches: pgTAP enabled for the run, pg_prove over the files. */
export async function runPgtap(run: PgtapRun): Promise<ProveResult> {
  const created = await enablePgtap(run.url, run.driver);
  try {
    const first = run.paths[0]!;
    const cwd = extname(first) ? dirname(first) : first;
    return await prove({ paths: run.paths, connectionString: run.url, cwd, out: run.out, err: run.err });
  } finally {
    if (created) await withClient(run.url, (c) => c.query(DISABLE_PGTAP)).catch((e: Error) => run.err(`failed to disable pgTAP: ${e.message}\n`));
  }
}

async function openTarget(config: Config, err: (s: string) => void): Promise<Target> {
  const t = config.dbTarget;
  if (t.kind === 'postgres') {
    const db = await openDb(t);
    try {
      await prepareDatabase(db, config);
    } finally {
      await db.close();
    }
    return { url: t.url, driver: 'postgres', close: async () => {} };
  }
  let db: PgliteDb;
  try {
    db = (await openDb(t)) as PgliteDb;
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    if (config.dbPort === undefined) throw new Error(`${e.message}\nIts database port is off: stop it, or start it with --db-port, then run test db again.`);
    err(`${t.kind === 'pglite' ? t.dataDir : 'the database'} is in use by a running server: testing through its database port ${config.dbPort}\n`);
    return { url: dbPortUrl(config.dbPort), driver: 'pglite', close: async () => {} };
  }
  try {
    await prepareDatabase(db, config);
    const port = await serveDbPort(db, { port: 0 });
    return {
      url: dbPortUrl(port.port),
      driver: 'pglite',
      async close() {
        await port.close();
        await db.close();
      },
    };
  } catch (e) {
    await db.close();
    throw e;
  }
}

/** `create extension if not exists pgtap`; answers whether it was created now (so it is dropped after). */
async function enablePgtap(url: string, driver: 'pglite' | 'postgres'): Promise<boolean> {
  let existed = false;
  try {
    await withClient(url, async (c) => {
      c.on('notice', (n) => {
        if ((n as { code?: string }).code === '42710') existed = true;
      });
      await c.query(ENABLE_PGTAP);
    });
  } catch (e) {
    throw new Error(`failed to enable pgTAP: ${explainMissingExtension(e as PgError, driver).message}`);
  }
  return !existed;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}
