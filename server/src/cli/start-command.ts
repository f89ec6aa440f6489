import cluster from 'node:cluster';
import type { Config } from '../config/config-schema.ts';
import { startServer } from '../server.ts';
import { runClusterPrimary } from './cluster-primary.ts';
import { runClusterWorker } from './cluster-worker.ts';
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
  const workers = workerCount(config);
  if (workers > 1) return runClusterPrimary(config, workers, opts);
  const server = await startServer(config, opts);
  // Handlers first: a supervisor may signal as soon as it reads `ready`.
  stopOnSignals(server);
  printStartBanner(config, server.url, server.keys, server.prepared);
  if (server.dbPort !== undefined) console.log(`database: ${dbPortUrl(server.dbPort)}`);
  for (const note of dbPortNotes(config)) console.log(`warning: ${note}`);
  // After the keys: what the project asks for that will not happen (issue 22, item 8).
  for (const note of await startupNotes(config, server.db).catch((err: Error) => [`could not check the project: ${err.message}`])) console.log(`warning: ${note}`);
}
