import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapPlatform, bootstrapFingerprint } from '../src/db/bootstrap.ts';
import { openPglite, type PgliteDb } from '../src/db/pglite-driver.ts';
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
