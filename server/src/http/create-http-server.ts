import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { ServerContext } from './server-context.ts';
import { answerFrameworkError } from './framework-errors.ts';
import { registerCors } from './cors.ts';
import { registerGuardedJsonParser } from './json-guard.ts';
import { registerWebApp, wantsSpaFallback } from './web-app.ts';
import { registerHealthRoutes } from './operations/operations-routes.ts';
import { registerRequestScope } from './request-scope.ts';
import type { Readiness } from './operations/readiness.ts';
import { createLogger } from './log-settings.ts';

export interface ApiModule {
  prefix: string;
  plugin: (ctx: ServerContext) => FastifyPluginAsync;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Fastify loads its schema compilers (Ajv, fast-json-stringify: ~110 modules, ~60 ms) when an
// instance is made, which is after the database has opened. Loaded here, with this module, they
// load while PGlite opens (decision 0420) and the instance finds them loaded.
const fromFastify = createRequire(fileURLToPath(import.meta.resolve('fastify')));
fromFastify('@fastify/ajv-compiler');
fromFastify('@fastify/fast-json-stringify-compiler');

export { createLogger };

export interface HttpServerStart {
  app: FastifyInstance;
  /** Registers the modules that read the database as they register, then the 404 answer (the web app's page for a browser's navigation). */
  finish(ctx: Omit<ServerContext, 'log'>, modules: ApiModule[]): Promise<FastifyInstance>;
}

/**
 * The Fastify server shared by every API: request ids, CORS, logging of failed requests, one
 * encapsulated plugin per API module under its prefix, and the web app. `finish` adds the modules
 * that read the database as they register: the server starts the two halves on either side of
 * the database's open (decision 0448).
 */
export async function createHttpServer(ctx: Omit<ServerContext, 'log'>, modules: ApiModule[], readiness: Readiness): Promise<HttpServerStart> {
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
    // Storage's ids in a path segment (a TUS upload id is a whole base64url key) run long;
    // Supabase Storage allows 2500 characters, so an unknown upload is a 404, not a 400.
    routerOptions: { maxParamLength: 2500 },
    trustProxy: ctx.config.trustProxy,
    frameworkErrors: (err, req, reply) => answerFrameworkError(req, reply, err.code === 'FST_ERR_BAD_URL' ? undefined : err.message),
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerRequestScope(app);
  // Draining: each response tells the client to reconnect, which the load balancer sends elsewhere.
  app.addHook('onSend', async (_req, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (req, reply) => {
    ctx.metrics.observeRequest(req.url, req.method, reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) req.log.error({ url: req.url, status: reply.statusCode }, 'request failed');
    else req.log.debug({ method: req.method, url: req.url, status: reply.statusCode, ms: reply.elapsedTime }, 'request');
  });
  registerCors(app);
  registerGuardedJsonParser(app);

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'unhandled error');
    reply.code(status).send({ message: status >= 500 ? 'Internal server error' : err.message });
  });

  registerHealthRoutes(app, readiness);
  await registerModules(app, ctx, modules);
  const shell = ctx.config.web ? await registerWebApp(app, ctx.config.web, ctx.keys.anonKey) : undefined;
  return {
    app,
    async finish(lateCtx, lateModules) {
      await registerModules(app, lateCtx, lateModules);
      app.setNotFoundHandler((req, reply) => {
        if (shell && wantsSpaFallback(req.method, req.url, req.headers.accept)) return shell.send(req, reply);
        return reply.code(404).send({ message: 'Not found' });
      });
      return app;
    },
  };
}

async function registerModules(app: FastifyInstance, ctx: Omit<ServerContext, 'log'>, modules: ApiModule[]): Promise<void> {
  const full: ServerContext = { ...ctx, log: app.log };
  for (const m of modules) await app.register(m.plugin(full), { prefix: m.prefix });
}
