import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config/config-schema.ts';
import type { Db } from './db/db-types.ts';
import { openDb } from './db/open-db.ts';
import { LateDb } from './db/late-db.ts';
import { loadApiRoles, prepareDatabase, type PreparedDatabase } from './db/prepare-database.ts';
import { resolveApiKeys, type ApiKeys } from './http/api-keys.ts';
import { createHttpServer, createLogger, type ApiModule } from './http/create-http-server.ts';
import { restModule } from './rest/rest-module.ts';
import { realtimeModule } from './realtime/realtime-module.ts';
import { authModule } from './auth/auth-module.ts';
import { mailApiModule, mailModule } from './mail/index.ts';
import { storageModule } from './storage/storage-module.ts';
import { s3Module } from './s3/s3-module.ts';
import { functionsModule } from './functions/functions-module.ts';
import { cronModule } from './cron/cron-module.ts';
import { netModule } from './net/net-module.ts';
import { loopbackUrl, storeProjectSecrets } from './db/project-secrets.ts';
import { seedBucketsOnStart } from './storage/seed-buckets.ts';
import { PortInUseError, refuseUnsafeExposure } from './start-refusals.ts';
import { ServerMetrics } from './http/operations/server-metrics.ts';
import { Readiness } from './http/operations/readiness.ts';
import { registerDatabaseGauges } from './http/operations/database-gauges.ts';
import { startMetricsEndpoint, type MetricsSource } from './http/operations/start-metrics.ts';
import type { MetricsListener } from './http/operations/metrics-endpoint.ts';
import { Leadership } from './db/leader-election.ts';
import { startDbPort } from './db-port/start-db-port.ts';
import type { DbPort } from './db-port/db-port-server.ts';
import type { SharedLimits } from './http/shared-limits.ts';

export interface RunningServer {
  url: string;
  port: number;
  config: Config;
  db: Db;
  keys: ApiKeys;
  app: FastifyInstance;
  prepared: PreparedDatabase;
  metrics: ServerMetrics;
  readiness: Readiness;
  /** The metrics port when GATHER_METRICS names one (and this process serves it). */
  metricsPort?: number;
  /** PGlite's database port (`[db] port`), when it listens. */
  dbPort?: number;
  /**
   * Drains and stops: `/ready` turns 503, sockets are closed with a reconnect hint, new
   * connections are refused, in-flight requests finish (for up to `drainTimeoutS`, then the rest
   * are cut), then the database is closed cleanly.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Use this database instead of opening `config.dbTarget` (tests share a prepared one). */
  db?: Db;
  /**
   * `config.dbTarget` already being opened by the caller (the CLI starts PGlite's open before the
   * server's modules load, decision 0420): the server owns it as if it had opened it.
   */
  opening?: Promise<Db>;
  /** Load `seed.sql` on first start (default true). */
  seed?: boolean;
  /** Where metrics come from when served (a cluster worker asks its primary for all workers'). */
  metricsSource?: MetricsSource;
  /** Labels on every metric of this process (a cluster worker adds `worker`). */
  metricsLabels?: Record<string, string>;
  /** Limits kept for all workers by the cluster's primary (a cluster worker passes them). */
  sharedLimits?: SharedLimits;
  /**
   * The database is already prepared (a cluster's primary bootstrapped, migrated and seeded it
   * before forking): start without touching the schema, so workers never redo DDL beside each
   * other's traffic (decision 0272).
   */
  prepared?: PreparedDatabase;
  /** Runs just before the server binds its port: `start` gives back the port it held while preparing (decision 0273). */
  beforeListen?: () => Promise<void>;
}

/** The APIs that need no data to register: registered while the database opens (decision 0448). */
const EARLY_MODULES: ApiModule[] = [
  { prefix: '/storage/v1', plugin: storageModule },
  { prefix: '/storage/v1/s3', plugin: s3Module },
  { prefix: '/auth/v1', plugin: authModule },
  { prefix: '/_inbox', plugin: mailModule },
  { prefix: '/mail/v1', plugin: mailApiModule },
];

/** The APIs that read the database as they register (schema cache, realtime's triggers, the emulated extensions) or key on it (functions' database URL). */
const MODULES: ApiModule[] = [
  { prefix: '/rest/v1', plugin: restModule },
  { prefix: '/realtime/v1', plugin: realtimeModule },
  { prefix: '/functions/v1', plugin: functionsModule },
  // No routes: pg_cron's scheduler and pg_net's sender, started once the server listens.
  { prefix: '', plugin: cronModule },
  { prefix: '', plugin: netModule },
];

function defaultMetricsSource(metrics: ServerMetrics): MetricsSource {
  return async () => ({ contentType: metrics.registry.contentType, body: await metrics.registry.metrics() });
}

export { PortInUseError, UnsafeExposureError, refuseUnsafeExposure } from './start-refusals.ts';

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  refuseUnsafeExposure(config);
  const opening = opts.db ? Promise.resolve(opts.db) : (opts.opening ?? openDb(config.dbTarget, pino(createLogger(config.logLevel))));
  opening.catch(() => {}); // awaited below, after the early APIs registered
  // Until the database opens, the APIs that keep it for their requests hold this stand-in.
  const late = opts.db ? undefined : new LateDb(config.dbTarget.kind === 'postgres' ? 'postgres' : 'pglite');
  const earlyDb: Db = opts.db ?? late!;
  let app: FastifyInstance | undefined;
  let metricsListener: MetricsListener | undefined;
  let dbPort: DbPort | undefined;
  try {
    const keys = await resolveApiKeys(config);
    const roles = new Set<string>(); // filled once the database is open
    const metrics = new ServerMetrics(opts.metricsLabels);
    const readiness = new Readiness(earlyDb, config);
    const leadership = new Leadership(earlyDb, config.dbTarget.kind === 'postgres' ? config.dbTarget.url : undefined, pino(createLogger(config.logLevel)));
    const ctx = { config, db: earlyDb, keys, roles, metrics, leadership, sharedLimits: opts.sharedLimits };
    const started = await createHttpServer(ctx, EARLY_MODULES, readiness);
    app = started.app;
    app.addHook('onClose', () => leadership.close());
    const db = await opening;
    late?.bind(db);
    const prepared = opts.prepared ?? (await prepareDatabase(db, config, { seed: opts.seed }));
    // The seed's files go with its rows; without a seed, the buckets still missing (issue 22, item 5).
    await seedBucketsOnStart(db, config, prepared.seeded, opts.seed);
    for (const role of await loadApiRoles(db)) roles.add(role);
    registerDatabaseGauges(metrics, db);
    await started.finish({ ...ctx, db }, MODULES);
    metricsListener = await startMetricsEndpoint(app, config, opts.metricsSource ?? defaultMetricsSource(metrics));
    try {
      if (opts.beforeListen) {
        await app.ready(); // every plugin loaded first: nothing slow between giving the port back and binding it
        await opts.beforeListen();
      }
      await app.listen({ port: config.port, host: config.host });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new PortInUseError(`port ${config.port} on ${config.host} is already in use (pass --port to choose another)`);
      }
      throw err;
    }
    dbPort = await startDbPort(db, config, app.log);
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    const server = app;
    // After listening: cron jobs and pg_net requests may call this server's own functions.
    await leadership.start();
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
      metrics,
      readiness,
      metricsPort: metricsListener?.port,
      dbPort: dbPort?.port,
      async close() {
        readiness.draining = true;
        await dbPort?.close();
        // Past the drain timeout, requests still running are cut so the process can stop.
        const cut = setTimeout(() => server.server.closeAllConnections(), config.drainTimeoutS * 1000);
        // Node closes the connections idle when closing starts; one whose request finishes later
        // would stay open for its keep-alive time (72 s), holding the drain until the cut.
        const idle = setInterval(() => server.server.closeIdleConnections(), 100);
        try {
          await server.close();
        } finally {
          clearTimeout(cut);
          clearInterval(idle);
          await metricsListener?.close();
        }
        if (!opts.db) await db.close();
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await dbPort?.close();
    await metricsListener?.close();
    if (!opts.db) await opening.then((d) => d.close(), () => {});
    throw err;
  }
}
