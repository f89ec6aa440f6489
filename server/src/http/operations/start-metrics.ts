import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config-schema.ts';
import { parseMetricsSetting, serveMetricsPort, type MetricsListener, type MetricsSource } from './metrics-endpoint.ts';

export type { MetricsSource };

/**
 * Serves metrics as GATHER_METRICS says: a route on the API port, or a listener of its own (bound
 * to the API's host unless the setting names one). Returns the listener to close, if any.
 */
export async function startMetricsEndpoint(app: FastifyInstance, config: Config, source: MetricsSource): Promise<MetricsListener | undefined> {
  const setting = parseMetricsSetting(config.metrics);
  if (setting.kind === 'off') return undefined;
  if (setting.kind === 'path') {
    app.get(setting.path, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const { contentType, body } = await source();
        return reply.header('content-type', contentType).send(body);
      } catch (err) {
        // A worker did not answer the primary in time (it may be starting or stopping).
        return reply.code(503).header('retry-after', '1').send({ message: `metrics unavailable: ${(err as Error).message}` });
      }
    });
    return undefined;
  }
  return serveMetricsPort(setting.host ?? config.host, setting.port, source);
}
