/**
 * `gather-server start --workers N` for a test (cluster-test-server.ts): the same config the
 * in-process test server would get (flags from GATHER_TEST_CLUSTER_FLAGS, no environment; the seed
 * only if GATHER_TEST_CLUSTER_SEED=true, as `startTestServer`'s `seed` option), then
 * the CLI's own start path — the cluster primary, which forks this file again for each worker.
 *
 * One addition, for tests only: the test process may ask (over IPC) that every worker reload its
 * REST schema cache now, as the in-process `reloadSchemaCache(db)` does, and hears when all have
 * (the message names are repeated in cluster-test-server.ts: importing this file would start a server).
 */
import cluster, { type Worker } from 'node:cluster';
import { loadConfig, type ConfigFlags } from '../../src/config/load-config.ts';
import { runStart } from '../../src/cli/start-command.ts';
import { reloadEverySchemaCache } from '../../src/rest/rest-module.ts';

const RELOAD = 'gather-test:reload-schema';
const RELOADED = 'gather-test:reloaded-schema';
type Message = { type: string; id: number; error?: string };

function askWorker(w: Worker, id: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Message) => {
      if (m?.type !== RELOADED || m.id !== id) return;
      w.off('message', onMessage);
      if (m.error) reject(new Error(m.error));
      else resolve();
    };
    w.on('message', onMessage);
    w.send({ type: RELOAD, id } satisfies Message);
  });
}

const flags = JSON.parse(process.env.GATHER_TEST_CLUSTER_FLAGS ?? '{}') as ConfigFlags;
const config = loadConfig(flags, {});

if (cluster.isPrimary) {
  process.on('message', (m: Message) => {
    if (m?.type !== RELOAD) return;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    Promise.all(workers.map((w) => askWorker(w, m.id))).then(
      () => process.send?.({ type: RELOADED, id: m.id } satisfies Message),
      (err: Error) => process.send?.({ type: RELOADED, id: m.id, error: err.message } satisfies Message),
    );
  });
  // The test process holds the other end of the IPC channel: it must not keep us alive.
  process.channel?.unref();
} else {
  process.on('message', (m: Message) => {
    if (m?.type !== RELOAD) return;
    reloadEverySchemaCache().then(
      () => process.send!({ type: RELOADED, id: m.id } satisfies Message),
      (err: Error) => process.send!({ type: RELOADED, id: m.id, error: err.message } satisfies Message),
    );
  });
}

await runStart(config, { seed: process.env.GATHER_TEST_CLUSTER_SEED === 'true' });
