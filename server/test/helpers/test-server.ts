import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { loadConfig, type ConfigFlags } from '../../src/config/load-config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { createTestDb, type TestDb } from './test-db.ts';

const EMPTY_PROJECT = fileURLToPath(new URL('../fixtures/empty-project', import.meta.url));

export interface TestServer extends RunningServer {
  testDb: TestDb;
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

/**
 * The real server, in this process, on a free port, with a database of its own (PGlite in
 * memory, or a fresh PostgreSQL database when DATABASE_URL is set).
 */
export async function startTestServer(flags: ConfigFlags = {}, opts: { seed?: boolean } = {}): Promise<TestServer> {
  const testDb = await createTestDb();
  // No database port unless a test asks for one: parallel test servers would all want 54322.
  const config = loadConfig({ project: EMPTY_PROJECT, port: '0', logLevel: 'silent', db: testDb.target, dbPort: 'off', ...flags }, {});
  let server: RunningServer;
  try {
    server = await startServer(config, { db: testDb.db, seed: opts.seed ?? false });
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
  return {
    ...server,
    testDb,
    client,
    anon: () => client(server.keys.anonKey),
    as: (token) => {
      const c = createClient(server.url, server.keys.anonKey, {
        accessToken: async () => token(),
        realtime: { transport: WebSocket as never },
      });
      clients.push(c);
      return c;
    },
    service: () => client(server.keys.serviceRoleKey),
    fetch: (path, init) => fetch(new URL(path, server.url), init),
    async stop() {
      for (const c of clients) await c.removeAllChannels();
      await server.close();
      await testDb.drop();
    },
  };
}
