import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig, type ConfigFlags } from '../src/config/load-config.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

// Issue 30: --auto-expose-new-tables granted Supabase's old default privileges again at every
// start, before the migrations, so a migration's `alter default privileges … revoke` held only
// until the next restart (decision 0270: granted once per database).

let project: string;
let testDb: TestDb;
let server: RunningServer | undefined;

function migration(name: string, sql: string): void {
  writeFileSync(join(project, 'migrations', name), sql);
}

/** The server on the test's database, stopped and started again as an operator restarts it. */
async function restart(flags: ConfigFlags = {}): Promise<RunningServer> {
  await server?.close();
  const config = loadConfig({ project, port: '0', logLevel: 'silent', db: testDb.target, dbPort: 'off', ...flags }, {});
  server = await startServer(config, { db: testDb.db, seed: false });
  return server;
}

/** What each API role may do with a table, as Postgres says. */
async function privileges(table: string): Promise<Record<string, boolean>> {
  const { rows } = await testDb.db.query<{ role: string; ok: boolean }>(
    `select r as role, has_table_privilege(r, $1::regclass, 'select') as ok from unnest(array['anon', 'authenticated', 'service_role']) r`,
    [table],
  );
  return Object.fromEntries(rows.map((r) => [r.role, r.ok]));
}

async function anonRead(s: RunningServer, table: string) {
  const c = createClient(s.url, s.keys.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
  return c.from(table).select('*');
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'gather-expose-once-'));
  mkdirSync(join(project, 'migrations'));
  testDb = await createTestDb();
});
afterAll(async () => {
  await server?.close();
  await testDb?.drop();
  rmSync(project, { recursive: true, force: true });
});

describe(`--auto-expose-new-tables grants once and never undoes a migration (${driverName})`, () => {
  it('a table migrated before the switch, untouched, is granted when it is first turned on; one a migration revoked is not', async () => {
    migration('20240101000000_old.sql', `create table older (id int primary key); insert into older values (1);
      create table kept_private (id int primary key); revoke all on kept_private from anon;`);
    await restart();
    expect(await privileges('older')).toEqual({ anon: false, authenticated: false, service_role: false });
    const s = await restart({ autoExposeNewTables: 'true' });
    expect(await privileges('older')).toEqual({ anon: true, authenticated: true, service_role: true });
    expect((await anonRead(s, 'older')).data).toEqual([{ id: 1 }]);
    // A migration said something about this one: left as it said.
    expect(await privileges('kept_private')).toEqual({ anon: false, authenticated: false, service_role: false });
  });

  it("a migration's `alter default privileges … revoke` and `revoke` hold across restarts", async () => {
    migration('20240102000000_new_default.sql', `create table exposed (id int primary key);
      alter default privileges in schema public revoke all on tables from anon, authenticated;
      revoke all on older from anon;`);
    await restart({ autoExposeNewTables: 'true' });
    expect(await privileges('exposed')).toEqual({ anon: true, authenticated: true, service_role: true });
    expect((await privileges('older')).anon).toBe(false);

    // Restarted with a new migration: its table is created under the migration's default privileges.
    migration('20240103000000_after.sql', 'create table internal_notes (id int primary key, body text); insert into internal_notes values (1, \'secret\');');
    const s = await restart({ autoExposeNewTables: 'true' });
    expect(await privileges('internal_notes')).toEqual({ anon: false, authenticated: false, service_role: true });
    const read = await anonRead(s, 'internal_notes');
    expect(read.data).toBeNull();
    expect(read.error?.code).toBe('42501');
    // The table-level revoke too, after one more restart.
    await restart({ autoExposeNewTables: 'true' });
    expect((await privileges('older')).anon).toBe(false);
    expect((await anonRead(server!, 'older')).error?.code).toBe('42501');
  });
});
