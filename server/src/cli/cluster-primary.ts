import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { AggregatorRegistry, Counter, Gauge, Registry } from 'prom-client';
import type { Config } from '../config/config-schema.ts';
import { openDb } from '../db/open-db.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { resolveApiKeys } from '../http/api-keys.ts';
import { createLogger } from '../http/create-http-server.ts';
import { parseMetricsSetting, serveMetricsPort, type MetricsListener } from '../http/operations/metrics-endpoint.ts';
import { seedBucketsOnStart } from '../storage/seed-buckets.ts';
import { printStartBanner } from './start-banner.ts';
import { startupNotes } from './startup-notes.ts';
import { dbPortNotes } from '../db-port/start-db-port.ts';
import { CLUSTER_MESSAGE, type ToPrimary, type ToWorker } from './cluster-messages.ts';
import { PrimaryLimits } from './cluster-limits.ts';
import { claimPort } from './port-claim.ts';

/**
 * `start --workers N` (N > 1): this process holds the port, prepares the database once
 * (migrations, seed), then forks N workers that share the port (node:cluster hands connections
 * round-robin; the first to listen has the claim let go just before). It serves
 * nothing itself but the metrics of all workers, restarts a worker that dies, and on SIGTERM
 * drains them all. Which worker runs cron, pg_net and mail is decided in the database
 * (db/leader-election.ts), so it holds across instances too.
 */
export async function runClusterPrimary(config: Config, workers: number, opts: { seed?: boolean } = {}): Promise<void> {
  const log = pino(createLogger(config.logLevel));
  // The port before the database: in use fails now, held is ours until a worker binds it (decision 0273).
  const claim = await claimPort(config.host, config.port);
  let db;
  try {
    db = await openDb(config.dbTarget, log);
  } catch (err) {
    await claim.release();
    throw err;
  }
  let prepared;
  let notes: string[];
  try {
    prepared = await prepareDatabase(db, config, { seed: opts.seed });
    // As one process does: without a seed, config.toml's buckets still missing are created too.
    await seedBucketsOnStart(db, config, prepared.seeded, opts.seed);
    // What the project asks for that will not happen, said once by the primary (issue 22, item 8).
    notes = await startupNotes(config, db).catch((err: Error) => [`could not check the project: ${err.message}`]);
  } catch (err) {
    await claim.release();
    throw err;
  } finally {
    await db.close();
  }

  const aggregator = new AggregatorRegistry();
  const own = new Registry();
  const restarts = new Counter({ name: 'gather_cluster_worker_restarts_total', help: 'Server workers that died and were started again', registers: [own] });
  new Gauge({ name: 'gather_cluster_workers', help: 'Server worker processes running', registers: [own], collect() { this.set(Object.keys(cluster.workers ?? {}).length); } });
  const allMetrics = async () => ({ contentType: aggregator.contentType, body: `${await aggregator.clusterMetrics()}\n${await own.metrics()}` });
  const setting = parseMetricsSetting(config.metrics);
  const metricsListener: MetricsListener | undefined =
    setting.kind === 'port' ? await serveMetricsPort(setting.host ?? config.host, setting.port, allMetrics) : undefined;

  // Auth's rate limits and Realtime's sockets per address, for all workers as for one server.
  const limits = new PrimaryLimits();
  let stopping = false;
  let readyCount = 0;
  let url = '';
  const byId = new Map<number, number>(); // cluster worker id → our stable worker number (1..N)
  const fork = (n: number): Worker => {
    // The port the claim holds: the one asked for, or the one `--port 0` was given.
    const w = cluster.fork({ GATHER_WORKER_NUMBER: String(n), GATHER_CLUSTER_PORT: String(claim.port) });
    byId.set(w.id, n);
    w.on('message', (m: ToPrimary) => {
      if (!m?.type || limits.handle(w, m)) return;
      if (m.type === CLUSTER_MESSAGE.releasePort) {
        // The first worker about to listen: the claim lets go, then the worker's listen binds the shared handle.
        void claim.release().then(() => w.send({ type: CLUSTER_MESSAGE.portReleased } satisfies ToWorker));
      } else if (m.type === CLUSTER_MESSAGE.ready) {
        url = m.url;
        if (++readyCount === workers) announce();
      } else if (m.type === CLUSTER_MESSAGE.metricsRequest) {
        allMetrics().then(
          (r) => w.send({ type: CLUSTER_MESSAGE.metricsReply, id: m.id, ...r } satisfies ToWorker),
          (err: Error) => w.send({ type: CLUSTER_MESSAGE.metricsReply, id: m.id, error: err.message } satisfies ToWorker),
        );
      }
    });
    return w;
  };
  const announce = async () => {
    const keys = await resolveApiKeys(config);
    printStartBanner(config, url, keys, prepared, workers);
    for (const note of dbPortNotes(config, workers)) console.log(`warning: ${note}`);
    for (const note of notes) console.log(`warning: ${note}`);
  };

  cluster.on('exit', (w, code, signal) => {
    const n = byId.get(w.id) ?? 0;
    byId.delete(w.id);
    limits.forgetWorker(w.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void finish();
      return;
    }
    if (readyCount < workers) {
      // Dying before ready is a configuration or startup problem: restarting would loop.
      console.error(`error: worker ${n} exited (${signal ?? code}) before it was ready`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) void finish();
      return;
    }
    restarts.inc();
    log.warn({ worker: n, code, signal }, 'worker died; starting another');
    fork(n);
  });

  const finish = async () => {
    await claim.release();
    await metricsListener?.close();
    process.exit(process.exitCode ?? 0);
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining workers');
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  for (let n = 1; n <= workers; n++) fork(n);
}
