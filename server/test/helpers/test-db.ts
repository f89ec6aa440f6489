import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Db } from '../../src/db/db-types.ts';
import { openPglite } from '../../src/db/pglite-driver.ts';
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

let template: Promise<Blob> | undefined;

/** A PGlite data folder with the platform bootstrapped, made once per test run and cloned. */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const db = await openPglite();
    await bootstrapPlatform(db, { autoExposeNewTables: false });
    const dump = await db.dumpDataDir();
    await db.close();
    return dump;
  })();
  return template;
}

const migrated = new Map<string, Promise<Blob>>();

/**
 * The platform template with a project's migrations applied, made once per run and folder
 * content: an app test file's start spent ~3–5 s applying Gather's ~120 migrations, 96 times.
 * A migration that fails leaves the platform template, so the server meets the error itself.
 */
function migratedTemplate(dir: string): Promise<Blob> {
  const files = listMigrations(dir);
  if (files.length === 0) return pgliteTemplate();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.version).update(readFileSync(f.path));
  const key = hash.digest('hex');
  let made = migrated.get(key);
  if (!made) {
    made = (async () => {
      const db = await openPglite(undefined, await pgliteTemplate());
      try {
        await applyMigrations(db, dir);
        return await db.dumpDataDir();
      } catch {
        return pgliteTemplate();
      } finally {
        await db.close();
      }
    })();
    migrated.set(key, made);
  }
  return made;
}

let counter = 0;

/**
 * A bootstrapped database: PGlite in memory by default; with DATABASE_URL set, a fresh
 * PostgreSQL database on that cluster, dropped afterwards.
 */
export async function createTestDb(opts: { migrations?: string } = {}): Promise<TestDb> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const db = await openPglite(undefined, await (opts.migrations ? migratedTemplate(opts.migrations) : pgliteTemplate()));
    return { db, target: 'memory', drop: () => db.close() };
  }
  const name = `gather_test_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  await bootstrapPlatform(db, { autoExposeNewTables: false });
  return {
    db,
    target: url.toString(),
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const driverName = process.env.DATABASE_URL ? 'postgres' : 'pglite';
