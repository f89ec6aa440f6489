import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness.ts';

/**
 * `/health`: liveness, answered without the database (a restart would not fix a database outage).
 * `/ready`: readiness for a load balancer (readiness.ts); 503 while not ready or draining, so
 * traffic moves elsewhere before this process stops. Neither needs an API key, like PostgREST's
 * admin server, and neither tells more than a load balancer needs.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.get('/health', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/ready', async (_req, reply) => {
    const { ready, checks } = await readiness.check();
    reply.header('cache-control', 'no-store');
    if (!ready) reply.code(503).header('retry-after', '5');
    return reply.send({ status: ready ? 'ok' : 'unavailable', checks });
  });
}
