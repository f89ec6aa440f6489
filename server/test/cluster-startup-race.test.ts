import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { storeProjectSecrets } from '../src/db/project-secrets.ts';
import { START_LOCK_KEY } from '../src/db/start-lock.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { emptyPostgresDatabase } from './helpers/empty-database.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

// Issue 30: once in 17 starts of two workers on a fresh PostgreSQL database, start-up died with a
// deadlock: one worker wrote project_url into Vault (under a lock of its own) while the other's
// bootstrap held vault.secrets and recreated vault.decrypted_secrets (under the schema lock).
// Every start-up write now takes one lock (decision 0272).

const VAULT_BOOTSTRAP = readFileSync(fileURLToPath(new URL('../src/db/bootstrap/11-vault.sql', import.meta.url)), 'utf8');

/** Resolves once another session on `db` waits for a lock (a table's or an advisory one). */
async function someoneWaits(url: string, except: number): Promise<void> {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    for (;;) {
      const { rows } = await watcher.query(
        `select 1 from pg_stat_activity where datname = current_database() and pid <> $1 and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        [except],
      );
      if (rows.length > 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await watcher.end();
  }
}

if (driverName !== 'postgres') console.log('cluster-startup-race: skipped on PGlite: it serves one process, so no two start-ups share a database (set DATABASE_URL; .ci/run does)');
describe.skipIf(driverName !== 'postgres')('start-up never races itself on one PostgreSQL database', { timeout: 120_000 }, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it("a worker storing its secrets waits for another's bootstrap instead of deadlocking with it", async () => {
    const testDb: TestDb = await createTestDb();
    cleanups.push(() => testDb.drop());
    // Another worker's bootstrap, stopped where 11-vault.sql holds vault.secrets (its `create index if not exists`).
    const other = new pg.Client({ connectionString: testDb.target });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1)', [START_LOCK_KEY]);
    await other.query('create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null');

    const stored = storeProjectSecrets(testDb.db, { projectUrl: 'http://127.0.0.1:1', serviceRoleKey: 'key' });
    await someoneWaits(testDb.target, (other as unknown as { processID: number }).processID);
    // The bootstrap goes on: it recreates the view the secrets write reads.
    const bootstrapped = other.query(VAULT_BOOTSTRAP).then(() => other.query('commit'));
    const [secrets, bootstrap] = await Promise.allSettled([stored, bootstrapped]);
    expect(bootstrap).toEqual({ status: 'fulfilled', value: expect.anything() });
    expect(secrets).toEqual({ status: 'fulfilled', value: true });
    const { rows } = await testDb.db.query(`select name, decrypted_secret from vault.decrypted_secrets order by name`);
    expect(rows).toEqual([
      { name: 'project_url', decrypted_secret: 'http://127.0.0.1:1' },
      { name: 'service_role_key', decrypted_secret: 'key' },
    ]);
  });

  it('three servers starting together on a fresh database migrate and seed it once, and all start', async () => {
    const fresh = await emptyPostgresDatabase('gather_race');
    cleanups.push(() => fresh.drop());

    const project = mkdtempSync(join(tmpdir(), 'gather-start-race-'));
    cleanups.push(async () => rmSync(project, { recursive: true, force: true }));
    mkdirSync(join(project, 'migrations'));
    writeFileSync(join(project, 'migrations', '20240101000000_visits.sql'), 'create table public.visits (n int not null);');
    writeFileSync(join(project, 'seed.sql'), 'insert into public.visits values (1), (2);');
    const config = loadConfig({ project, port: '0', logLevel: 'silent', db: fresh.url, dbPort: 'off' }, {});

    const starts = await Promise.allSettled([0, 1, 2].map(() => startServer(config)));
    const servers = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    cleanups.push(() => Promise.all(servers.map((s: RunningServer) => s.close())));
    expect(starts.filter((s) => s.status === 'rejected')).toEqual([]);
    const db = servers[0]!.db;
    expect((await db.query('select version from supabase_migrations.schema_migrations')).rows).toEqual([{ version: '20240101000000' }]);
    expect((await db.query('select n from public.visits order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
    expect(servers.map((s) => s.prepared.seeded).filter(Boolean)).toHaveLength(1);
    for (const s of servers) expect((await fetch(`${s.url}/rest/v1/`, { headers: { apikey: s.keys.anonKey } })).status).toBe(200);
  });
});
