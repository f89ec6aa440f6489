import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config-schema.ts';
import type { Db } from './db/db-types.ts';
import { openDb } from './db/open-db.ts';
import { loadApiRoles, prepareDatabase, type PreparedDatabase } from './db/prepare-database.ts';
import { resolveApiKeys, type ApiKeys } from './http/api-keys.ts';
import { createHttpServer, type ApiModule } from './http/create-http-server.ts';
import { restModule } from './rest/rest-module.ts';
import { realtimeModule } from './realtime/realtime-module.ts';
import { authModule } from './auth/auth-module.ts';
import { mailApiModule, mailModule } from './mail/index.ts';
import { storageModule } from './storage/storage-module.ts';
import { functionsModule } from './functions/functions-module.ts';
import { cronModule } from './cron/cron-module.ts';
import { netModule } from './net/net-module.ts';
import { loopbackUrl, storeProjectSecrets } from './db/project-secrets.ts';
import { seedBuckets } from './storage/seed-buckets.ts';

export interface RunningServer {
  url: string;
  port: number;
  config: Config;
  db: Db;
  keys: ApiKeys;
  app: FastifyInstance;
  prepared: PreparedDatabase;
  /** Stops accepting, finishes in-flight requests, then closes the database cleanly. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Use this database instead of opening `config.dbTarget` (tests share a prepared one). */
  db?: Db;
  /** Load `seed.sql` on first start (default true). */
  seed?: boolean;
}

const MODULES: ApiModule[] = [
  { prefix: '/rest/v1', plugin: restModule },
  { prefix: '/realtime/v1', plugin: realtimeModule },
  { prefix: '/storage/v1', plugin: storageModule },
  { prefix: '/auth/v1', plugin: authModule },
  { prefix: '/_inbox', plugin: mailModule },
  { prefix: '/mail/v1', plugin: mailApiModule },
  { prefix: '/functions/v1', plugin: functionsModule },
  // No routes: pg_cron's scheduler and pg_net's sender, started once the server listens.
  { prefix: '', plugin: cronModule },
  { prefix: '', plugin: netModule },
];

export class PortInUseError extends Error {}

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const db = opts.db ?? (await openDb(config.dbTarget));
  let app: FastifyInstance | undefined;
  try {
    const prepared = await prepareDatabase(db, config, { seed: opts.seed });
    // The seed's files go with its rows, as `supabase start` uploads them on a fresh database.
    if (prepared.seeded) await seedBuckets(db, config);
    const keys = await resolveApiKeys(config);
    const roles = await loadApiRoles(db);
    app = await createHttpServer({ config, db, keys, roles }, MODULES);
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new PortInUseError(`port ${config.port} on ${config.host} is already in use (pass --port to choose another)`);
      }
      throw err;
    }
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    const server = app;
    // Before `ready`: SQL calling functions (cron jobs, triggers via pg_net) reads these from Vault.
    await storeProjectSecrets(db, { projectUrl: loopbackUrl(config.host, port), serviceRoleKey: keys.serviceRoleKey }).catch((err: Error) =>
      server.log.warn({ err }, 'could not store project_url and service_role_key in vault'),
    );
    return {
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
      port,
      config,
      db,
      keys,
      app,
      prepared,
      async close() {
        await server.close();
        if (!opts.db) await db.close();
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    if (!opts.db) await db.close().catch(() => {});
    throw err;
  }
}
