import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';
import { applyMigrations, MigrationError } from '../src/db/migrations.ts';
import { bootstrapPlatform } from '../src/db/bootstrap.ts';
import { applySeed } from '../src/db/seed.ts';

let t: TestDb;
let dir: string;
beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'gather-migrations-'));
  mkdirSync(join(dir, 'migrations'));
});
afterAll(() => t.drop());

function migration(name: string, sql: string) {
  writeFileSync(join(dir, 'migrations', name), sql);
}

describe(`platform bootstrap (${driverName})`, () => {
  it('creates what a Supabase database has, and is idempotent', async () => {
    await bootstrapPlatform(t.db, { autoExposeNewTables: false });
    await bootstrapPlatform(t.db, { autoExposeNewTables: false });
    const roles = await t.db.query<{ rolname: string; rolbypassrls: boolean }>(
      `select rolname, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by rolname`,
    );
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'authenticator', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ]);
    const tables = await t.db.query<{ t: string }>(
      `select schemaname || '.' || tablename as t from pg_tables
       where schemaname in ('auth','storage','supabase_migrations') order by 1`,
    );
    expect(tables.rows.map((r) => r.t)).toEqual(
      expect.arrayContaining(['auth.users', 'auth.identities', 'auth.sessions', 'auth.refresh_tokens', 'auth.flow_state',
        'auth.one_time_tokens', 'storage.buckets', 'storage.objects', 'supabase_migrations.schema_migrations']),
    );
    const pub = await t.db.query(`select 1 from pg_publication where pubname = 'supabase_realtime'`);
    expect(pub.rows).toHaveLength(1);
    const fn = await t.db.query<{ f: string[] }>(`select storage.foldername('a/b/c.png') as f`);
    expect(fn.rows[0]!.f).toEqual(['a', 'b']);
  });

  it('keeps auth tables out of reach of the API roles', async () => {
    await expect(t.db.asRole({ role: 'anon', claims: {} }, (tx) => tx.query('select * from auth.users'))).rejects.toMatchObject({ code: '42501' });
    await expect(
      t.db.asRole({ role: 'authenticated', claims: { sub: '00000000-0000-0000-0000-000000000001' } }, (tx) => tx.query('select * from auth.users')),
    ).rejects.toMatchObject({ code: '42501' });
  });
});

describe(`migrations (${driverName})`, () => {
  it('applies files in name order and records them as the Supabase CLI does', async () => {
    migration('20260101000000_first.sql', 'create table public.m_one (id int primary key);');
    migration('20260102000000_second.sql', 'insert into public.m_one values (1);\ncreate table public.m_two (id int);');
    const applied = await applyMigrations(t.db, join(dir, 'migrations'));
    expect(applied.map((m) => m.version)).toEqual(['20260101000000', '20260102000000']);
    const rows = await t.db.query<{ version: string; name: string }>(
      `select version, name from supabase_migrations.schema_migrations order by version`,
    );
    expect(rows.rows).toEqual([
      { version: '20260101000000', name: 'first' },
      { version: '20260102000000', name: 'second' },
    ]);
    expect(await applyMigrations(t.db, join(dir, 'migrations'))).toEqual([]);
  });

  it('stops at a broken migration with its file, line and error, leaving the database as it was', async () => {
    migration('20260103000000_broken.sql', 'create table public.m_three (id int);\ninsert into public.m_one values (2);\n\nselect * from no_such_table;\n');
    migration('20260104000000_after.sql', 'create table public.m_four (id int);');
    const err = await applyMigrations(t.db, join(dir, 'migrations')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MigrationError);
    const m = err as MigrationError;
    expect(m.file).toContain('20260103000000_broken.sql');
    expect(m.line).toBe(4);
    expect(m.message).toMatch(/20260103000000_broken\.sql:4: \[42P01\] relation "no_such_table" does not exist/);
    const left = await t.db.query(`select to_regclass('public.m_three') as three, to_regclass('public.m_four') as four, (select count(*)::int from public.m_one) as n`);
    expect(left.rows[0]).toEqual({ three: null, four: null, n: 1 });
    const recorded = await t.db.query(`select 1 from supabase_migrations.schema_migrations where version >= '20260103000000'`);
    expect(recorded.rows).toHaveLength(0);
  });

  it('seeds once, and again only when forced', async () => {
    writeFileSync(join(dir, 'seed.sql'), 'insert into public.m_one values (10);');
    expect(await applySeed(t.db, dir)).toEqual(['seed.sql']);
    expect(await applySeed(t.db, dir)).toEqual([]);
    await t.db.exec('delete from public.m_one where id = 10');
    expect(await applySeed(t.db, dir, true)).toEqual(['seed.sql']);
    const n = await t.db.query(`select 1 from public.m_one where id = 10`);
    expect(n.rows).toHaveLength(1);
  });
});
