import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { loadConfig, type ConfigFlags } from '../../src/config/load-config.ts';
import { resolveApiKeys } from '../../src/http/api-keys.ts';
import { reloadSchemaCache } from '../../src/rest/rest-module.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { startCluster, testWorkers } from './cluster-test-server.ts';
import { createTestDb, type TestDb } from './test-db.ts';

const EMPTY_PROJECT = fileURLToPath(new URL('../fixtures/empty-project', import.meta.url));

export interface TestServer extends RunningServer {
  testDb: TestDb;
  /** How many server processes serve it: 1 in this process, or GATHER_TEST_WORKERS in a cluster of their own. */
  workers: number;
  /** Reloads the REST schema cache of every server process now (after DDL, before the next request). */
  reloadSchema(): Promise<void>;
  /** A supabase-js client with the given key (default: anon), no persisted session. */
  client(key?: string): SupabaseClient;
  anon(): SupabaseClient;
  service(): SupabaseClient;
  /** A client that acts with this access token (supabase-js's `accessToken` option), no auth session. */
  as(token: () => string | Promise<string>): SupabaseClient;
  /** fetch relative to the server's URL. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Load the project's seed (default false). */
  seed?: boolean;
  /**
   * Why this test needs the server in its own process (it reaches into `app`, `metrics`,
   * `readiness`, or changes `config` while it runs): with GATHER_TEST_WORKERS > 1 it still
   * gets one in-process server, and the reason is printed.
   */
  inProcess?: string;
  /**
   * Start from a copy of a database the project's migrations were already applied to (made once
   * per run): for suites that test what the migrations build, not how a server applies them.
   */
  premigrated?: boolean;
}

/** What only an in-process server has: a cluster's test server throws, naming the way out. */
const IN_PROCESS_ONLY = ['app', 'metrics', 'readiness', 'prepared'] as const;

/**
 * The real server on a free port, with a database of its own (PGlite in memory, or a fresh
 * PostgreSQL database when DATABASE_URL is set): in this process, or — with
 * GATHER_TEST_WORKERS=N > 1 on PostgreSQL — as `gather-server start --workers N` in a process of
 * its own (cluster-test-server.ts), the test reaching the same database through `db`.
 */
export async function startTestServer(flags: ConfigFlags = {}, opts: TestServerOptions = {}): Promise<TestServer> {
  const project = flags.project ?? EMPTY_PROJECT;
  const testDb = await createTestDb({ migrations: opts.premigrated ? join(project, 'migrations') : undefined });
  // No database port unless a test asks for one: parallel test servers would all want 54322.
  const all: ConfigFlags = { project, port: '0', logLevel: 'silent', db: testDb.target, dbPort: 'off', ...flags };
  const config = loadConfig(all, {});
  const workers = testWorkers();
  let server: RunningServer;
  try {
    if (workers > 1 && opts.inProcess) console.log(`in-process test server (1 worker, not ${workers}): ${opts.inProcess}`);
    server = workers > 1 && !opts.inProcess ? await clusterServer(all, config, testDb, workers, opts.seed ?? false) : await startServer(config, { db: testDb.db, seed: opts.seed ?? false });
  } catch (err) {
    await testDb.drop();
    throw err;
  }
  const clients: SupabaseClient[] = [];
  const client = (key = server.keys.anonKey) => {
    const c = createClient(server.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // Node < 22 has no global WebSocket; `ws` works everywhere.
      realtime: { transport: WebSocket as never },
    });
    clients.push(c);
    return c;
  };
  const reload = (server as RunningServer & { reloadSchema?: () => Promise<void> }).reloadSchema;
  return Object.defineProperties(
    {
      ...server,
      testDb,
      workers: reload ? workers : 1,
      reloadSchema: reload ?? (() => reloadSchemaCache(server.db)),
      client,
      anon: () => client(server.keys.anonKey),
      as: (token: () => string | Promise<string>) => {
        const c = createClient(server.url, server.keys.anonKey, {
          accessToken: async () => token(),
          realtime: { transport: WebSocket as never },
        });
        clients.push(c);
        return c;
      },
      service: () => client(server.keys.serviceRoleKey),
      fetch: (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init),
      async stop() {
        for (const c of clients) await c.removeAllChannels();
        await server.close();
        await testDb.drop();
      },
    },
    Object.getOwnPropertyDescriptors(server),
  ) as TestServer;
}

/** `gather-server start --workers N` on the test's database, shaped as an in-process server. */
async function clusterServer(
  flags: ConfigFlags,
  config: RunningServer['config'],
  testDb: TestDb,
  workers: number,
  seed: boolean,
): Promise<RunningServer & { reloadSchema(): Promise<void> }> {
  const cluster = await startCluster(flags, workers, seed);
  const server = {
    url: cluster.url,
    port: Number(new URL(cluster.url).port),
    config,
    db: testDb.db,
    keys: await resolveApiKeys(config),
    close: () => cluster.close(),
    reloadSchema: () => cluster.reloadSchema(),
  };
  for (const name of IN_PROCESS_ONLY) {
    Object.defineProperty(server, name, {
      enumerable: false,
      get() {
        throw new Error(`test server: \`${name}\` lives in the server's process; with GATHER_TEST_WORKERS=${workers} pass { inProcess: '<why>' } to startTestServer`);
      },
    });
  }
  return server as unknown as RunningServer & { reloadSchema(): Promise<void> };
}
