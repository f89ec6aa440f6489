import pg from 'pg';
import type { Db } from '../../src/db/db-types.ts';
import { openPglite } from '../../src/db/pglite-driver.ts';
import { openPostgres } from '../../src/db/postgres-driver.ts';
import { bootstrapPlatform } from '../../src/db/bootstrap.ts';

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

let counter = 0;

/**
 * A bootstrapped database: PGlite in memory by default; with DATABASE_URL set, a fresh
 * PostgreSQL database on that cluster, dropped afterwards.
 */
export async function createTestDb(): Promise<TestDb> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const db = await openPglite(undefined, await pgliteTemplate());
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
