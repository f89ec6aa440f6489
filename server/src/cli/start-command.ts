import cluster from 'node:cluster';
import type { Config } from '../config/config-schema.ts';
import type { Db } from '../db/db-types.ts';
import { createLogger } from '../http/log-settings.ts';
import { refuseUnsafeExposure } from '../start-refusals.ts';
import { claimPort } from './port-claim.ts';
import { printStartBanner } from './start-banner.ts';
import { startupNotes } from './startup-notes.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { workerCount } from './worker-count.ts';

/**
 * Starts opening the database, before the server's modules load: PGlite's open (its wasm compiled
 * on V8's background threads, the data folder read) overlaps their loading (decision 0420).
 */
async function openEarly(config: Config): Promise<{ opening: Promise<Db> }> {
  const [{ openDb }, { pino }] = await Promise.all([import('../db/open-db.ts'), import('pino')]);
  const opening = openDb(config.dbTarget, pino(createLogger(config.logLevel)));
  opening.catch(() => {}); // reported by startServer, which awaits it
  return { opening };
}

/**
 * Starts the server, prints `ready <url>` and the keys, and shuts down cleanly on a signal. With
 * more than one worker (`--workers N`), this process is the cluster's primary and each worker
 * runs the server (cluster-primary.ts). `seed: false` skips the seed and the bucket files (tests).
 * The server's modules are imported here, not at the top, so the database opens while they load.
 */
export async function runStart(config: Config, opts: { seed?: boolean } = {}): Promise<void> {
  if (cluster.isWorker) return (await import('./cluster-worker.ts')).runClusterWorker(config);
  refuseUnsafeExposure(config); // before the port is claimed or the database opened
  const workers = workerCount(config);
  if (workers > 1) return (await import('./cluster-primary.ts')).runClusterPrimary(config, workers, opts);
  // The port first, then the database (decision 0273).
  const claim = await claimPort(config.host, config.port);
  let server;
  try {
    const { opening } = await openEarly(config);
    const { startServer } = await import('../server.ts').catch(async (err: Error) => {
      await opening.then((db) => db.close(), () => {});
      throw err;
    });
    server = await startServer({ ...config, port: claim.port }, { ...opts, opening, beforeListen: claim.release });
  } finally {
    await claim.release();
  }
  // Handlers first: a supervisor may signal as soon as it reads `ready`.
  stopOnSignals(server);
  printStartBanner(config, server.url, server.keys, server.prepared);
  const { dbPortNotes, dbPortUrl } = await import('../db-port/start-db-port.ts');
  if (server.dbPort !== undefined) console.log(`database: ${dbPortUrl(server.dbPort)}`);
  for (const note of dbPortNotes(config)) console.log(`warning: ${note}`);
  // After the keys: what the project asks for that will not happen (issue 22, item 8).
  for (const note of await startupNotes(config, server.db).catch((err: Error) => [`could not check the project: ${err.message}`])) console.log(`warning: ${note}`);
}
