import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapPlatform, bootstrapFingerprint } from '../src/db/bootstrap.ts';
import { openPglite, type PgliteDb } from '../src/db/pglite-driver.ts';
import { openPostgres } from '../src/db/postgres-driver.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.drop());

/** The transaction that last wrote a function the bootstrap (re)creates: any DDL on it changes this. */
async function authUidWrittenBy(): Promise<string> {
  const { rows } = await t.db.query<{ xmin: string }>(`select xmin::text from pg_proc where oid = 'auth.uid()'::regprocedure`);
  return rows[0]!.xmin;
}

describe(`a warm start does not redo the platform bootstrap (${driverName}; decision 0401)`, () => {
  it('records the bootstrap it ran, and a second start with the same bootstrap leaves its objects untouched', async () => {
    const { rows } = await t.db.query<{ fingerprint: string }>('select fingerprint from _gather.bootstrap_state');
    expect(rows).toEqual([{ fingerprint: bootstrapFingerprint({ autoExposeNewTables: false }) }]);
    const before = await authUidWrittenBy();
    await bootstrapPlatform(t.db, { autoExposeNewTables: false });
    expect(await authUidWrittenBy()).toBe(before);
  });

  it('runs the whole bootstrap again when the database had another one (an older server), and records this one', async () => {
    await t.db.query(`update _gather.bootstrap_state set fingerprint = 'an older server'`);
    const before = await authUidWrittenBy();
    await bootstrapPlatform(t.db, { autoExposeNewTables: false });
    expect(await authUidWrittenBy()).not.toBe(before);
    const { rows } = await t.db.query<{ fingerprint: string }>('select fingerprint from _gather.bootstrap_state');
    expect(rows).toEqual([{ fingerprint: bootstrapFingerprint({ autoExposeNewTables: false }) }]);
  });

  it('runs it again when the auto-expose switch changed (its grants are part of the bootstrap)', async () => {
    const before = await authUidWrittenBy();
    await bootstrapPlatform(t.db, { autoExposeNewTables: true });
    expect(await authUidWrittenBy()).not.toBe(before);
    const granted = await t.db.query('select 1 from _gather.auto_expose_granted');
    expect(granted.rows).toHaveLength(1);
  });

  if (driverName !== 'pglite') console.log('skipped: PostgreSQL keeps the stand-ins in its catalog; only a PGlite instance starts with an empty share folder');
  it.skipIf(driverName !== 'pglite')('writes the stand-in extensions into a new PGlite instance\'s share folder again', async () => {
    const image = await (t.db as PgliteDb).dumpDataDir();
    const warm = await openPglite(undefined, image);
    try {
      await bootstrapPlatform(warm, { autoExposeNewTables: false });
      const { rows } = await warm.query<{ name: string }>(
        `select name from pg_available_extensions where name in ('pg_cron', 'pg_net', 'supabase_vault', 'pgjwt') order by name`,
      );
      expect(rows.map((r) => r.name)).toEqual(['pg_cron', 'pg_net', 'pgjwt', 'supabase_vault']);
      await warm.exec('create extension pg_net');
    } finally {
      await warm.close();
    }
  });
});

describe(`a copied database (createdb -T) gets what PostgreSQL keeps per database name again (decision 0419)`, () => {
  if (driverName !== 'postgres') console.log('skipped: PGlite has one database, which is never copied under another name');
  it.skipIf(driverName !== 'postgres')('sets its search_path and moves the stand-in pg_cron jobs to the copy', async () => {
    const source = await createTestDb();
    await source.db.query(`create extension if not exists pg_cron`);
    await source.db.query(`select cron.schedule('nightly', '0 3 * * *', 'select 1')`);
    await source.db.close();
    const sourceName = new URL(source.target).pathname.slice(1);
    const copyUrl = new URL(source.target);
    copyUrl.pathname = `/${sourceName}_copy`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${sourceName}_copy template ${sourceName}`);
    const copy = await openPostgres(copyUrl.toString());
    try {
      const settings = `select coalesce(array_to_string(setconfig, ';'), '') as set from pg_db_role_setting
                        where setrole = 0 and setdatabase = (select oid from pg_database where datname = current_database())`;
      expect((await copy.query(settings)).rows).toEqual([]);
      await bootstrapPlatform(copy, { autoExposeNewTables: false });
      expect((await copy.query<{ set: string }>(settings)).rows[0]?.set).toContain('extensions');
      const jobs = await copy.query(`select jobname, database = current_database() as here from cron.job`);
      expect(jobs.rows).toEqual([{ jobname: 'nightly', here: true }]);
    } finally {
      await copy.close();
      await admin.query(`drop database if exists ${sourceName}_copy with (force)`);
      await admin.query(`drop database if exists ${sourceName} with (force)`);
      await admin.end();
    }
  });
});
