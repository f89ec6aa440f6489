import { AggregatorRegistry } from 'prom-client';
import type { Config } from '../config/config-schema.ts';
import { parseMetricsSetting, type MetricsSource } from '../http/operations/metrics-endpoint.ts';
import { startServer } from '../server.ts';
import { CLUSTER_MESSAGE, type ToPrimary, type ToWorker } from './cluster-messages.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { sharedLimitsFromPrimary } from './cluster-limits.ts';

/** Asks the primary for every worker's metrics: a scrape of `/metrics` on any worker sees them all. */
function metricsFromPrimary(): MetricsSource {
  let next = 0;
  const waiting = new Map<number, (m: Extract<ToWorker, { type: typeof CLUSTER_MESSAGE.metricsReply }>) => void>();
  process.on('message', (m: ToWorker) => {
    if (m?.type === CLUSTER_MESSAGE.metricsReply) waiting.get(m.id)?.(m);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (m) => {
        waiting.delete(id);
        if ('error' in m) reject(new Error(m.error));
        else resolve({ contentType: m.contentType, body: m.body });
      });
      process.send!({ type: CLUSTER_MESSAGE.metricsRequest, id } satisfies ToPrimary);
    });
}

/** One worker of `start --workers N`: the whole server on the shared port, on the database the primary prepared. */
/** Asks the primary to let go of the port it held while preparing; resolves once it has. */
function portFromPrimary(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (m: ToWorker) => {
      if (m?.type !== CLUSTER_MESSAGE.portReleased) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send!({ type: CLUSTER_MESSAGE.releasePort } satisfies ToPrimary);
  });
}

export async function runClusterWorker(config: Config): Promise<void> {
  const n = process.env.GATHER_WORKER_NUMBER ?? '?';
  // `--port 0`: the port the primary was given, so every worker and the banner agree (decision 0273).
  const port = Number(process.env.GATHER_CLUSTER_PORT ?? config.port);
  // A metrics port is the primary's; a metrics path is answered by whichever worker gets the scrape.
  const path = parseMetricsSetting(config.metrics).kind === 'path';
  const server = await startServer(
    { ...config, port, metrics: path ? config.metrics : '' },
    {
      beforeListen: portFromPrimary,
      seed: false,
      // The primary prepared the database before forking us (decision 0272).
      prepared: { migrations: [], seeded: false, seedFiles: [] },
      metricsLabels: { worker: n },
      metricsSource: path ? metricsFromPrimary() : undefined,
      sharedLimits: sharedLimitsFromPrimary(),
    },
  );
  // Constructing one installs prom-client's IPC listener that answers the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([server.metrics.registry]);
  stopOnSignals(server);
  process.send!({ type: CLUSTER_MESSAGE.ready, url: server.url } satisfies ToPrimary);
}
