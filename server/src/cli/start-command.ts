import cluster from 'node:cluster';
import type { Config } from '../config/config-schema.ts';
import { refuseUnsafeExposure, startServer } from '../server.ts';
import { runClusterPrimary } from './cluster-primary.ts';
import { runClusterWorker } from './cluster-worker.ts';
import { claimPort } from './port-claim.ts';
import { printStartBanner } from './start-banner.ts';
import { startupNotes } from './startup-notes.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { workerCount } from './worker-count.ts';
import { dbPortNotes, dbPortUrl } from '../db-port/start-db-port.ts';

/**
 * Starts the server, prints `ready <url>` and the keys, and shuts down cleanly on a signal. With
 * more than one worker (`--workers N`), this process is the cluster's primary and each worker
 * runs the server (cluster-primary.ts). `seed: false` skips the seed and the bucket files (tests).
 */
export async function runStart(config: Config, opts: { seed?: boolean } = {}): Promise<void> {
  if (cluster.isWorker) return runClusterWorker(config);
  refuseUnsafeExposure(config); // before the port is claimed or the database opened
  const workers = workerCount(config);
  if (workers > 1) return runClusterPrimary(config, workers, opts);
  // The port first, then the database (decision 0273).
  const claim = await claimPort(config.host, config.port);
  let server;
  try {
    server = await startServer({ ...config, port: claim.port }, { ...opts, beforeListen: claim.release });
  } finally {
    await claim.release();
  }
  // Handlers first: a supervisor may signal as soon as it reads `ready`.
  stopOnSignals(server);
  printStartBanner(config, server.url, server.keys, server.prepared);
  if (server.dbPort !== undefined) console.log(`database: ${dbPortUrl(server.dbPort)}`);
  for (const note of dbPortNotes(config)) console.log(`warning: ${note}`);
  // After the keys: what the project asks for that will not happen (issue 22, item 8).
  for (const note of await startupNotes(config, server.db).catch((err: Error) => [`could not check the project: ${err.message}`])) console.log(`warning: ${note}`);
}
