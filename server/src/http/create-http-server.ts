import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { ServerContext } from './server-context.ts';
import { answerFrameworkError } from './framework-errors.ts';
import { registerCors } from './cors.ts';
import { registerWebApp, wantsSpaFallback } from './web-app.ts';

export interface ApiModule {
  prefix: string;
  plugin: (ctx: ServerContext) => FastifyPluginAsync;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function createLogger(level: string) {
  return { level, base: undefined, timestamp: true } as const;
}

/**
 * The Fastify server shared by every API: request ids, CORS, logging of failed requests, one
 * encapsulated plugin per API module under its prefix, then the web app with SPA fallback.
 */
export async function createHttpServer(
  ctx: Omit<ServerContext, 'log'>,
  modules: ApiModule[],
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: createLogger(ctx.config.logLevel),
    // Failed requests are logged by the onResponse hook below; the rest only at debug.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false, // genReqId validates the caller's x-request-id itself
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    frameworkErrors: (err, req, reply) => answerFrameworkError(req, reply, err.code === 'FST_ERR_BAD_URL' ? undefined : err.message),
  });
  const full: ServerContext = { ...ctx, log: app.log };

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 500) req.log.error({ url: req.url, status: reply.statusCode }, 'request failed');
    else req.log.debug({ method: req.method, url: req.url, status: reply.statusCode, ms: reply.elapsedTime }, 'request');
  });
  registerCors(app);

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'unhandled error');
    reply.code(status).send({ message: status >= 500 ? 'Internal server error' : err.message });
  });

  for (const m of modules) await app.register(m.plugin(full), { prefix: m.prefix });

  if (ctx.config.web) await registerWebApp(app, ctx.config.web);
  app.setNotFoundHandler((req, reply) => {
    if (ctx.config.web && wantsSpaFallback(req.method, req.url, req.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
  return app;
}
