import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db-types.ts';
import type { ServerContext } from '../http/server-context.ts';
import { callerOf, requestHeaders } from '../http/server-context.ts';
import { JwtError } from '../http/verify-jwt.ts';
import { ApiError, errors } from './errors/api-error.ts';
import { sendJwtError, sendPostgrestError } from './errors/send-error.ts';
import { planRequest, type RestRequest } from './plan/request-plan.ts';
import { cachedRead } from './plan/shape-cache.ts';
import type { Statement } from './sql/sql-builder.ts';
import type { RequestPlan } from './plan/types.ts';
import { errorResponse, type RestResponse } from './respond/response.ts';
import { executePlan } from './routes/execute-plan.ts';
import { openApiResponse } from './routes/openapi-route.ts';
import { SchemaCacheHolder } from './schema-cache/cache-holder.ts';
import { installDdlWatch } from './schema-cache/ddl-watch.ts';

const PREFIX = '/rest/v1';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Errors that may come from a stale schema cache: checked against the catalog before answering. */
const CACHE_MISSES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205']);

const holders = new WeakMap<Db, SchemaCacheHolder>();

/** Reloads the REST schema cache of the server on this database (e.g. after applying migrations). */
export async function reloadSchemaCache(db: Db): Promise<void> {
  await holders.get(db)?.reload();
}

/** Every REST server in this process. */
const live = new Set<SchemaCacheHolder>();

/** Reloads the schema cache of every REST server in this process (a test asks each cluster worker). */
export async function reloadEverySchemaCache(): Promise<void> {
  await Promise.all([...live].map((h) => h.reload()));
}

function toRestRequest(req: FastifyRequest): RestRequest {
  const url = req.raw.url ?? req.url;
  const q = url.indexOf('?');
  const fullPath = q < 0 ? url : url.slice(0, q);
  const path = fullPath.startsWith(PREFIX) ? fullPath.slice(PREFIX.length) || '/' : fullPath;
  return {
    method: req.method,
    path: path.startsWith('/') ? path : `/${path}`,
    query: q < 0 ? '' : url.slice(q + 1),
    headers: requestHeaders(req),
    body: req.body as Buffer | undefined,
  };
}

function send(reply: FastifyReply, res: RestResponse): FastifyReply {
  reply.code(res.status).headers(res.headers);
  return res.body === '' || res.status === 204 ? reply.send() : reply.send(res.body);
}

/** `/rest/v1`: the PostgREST-compatible API. */
export function restModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    const holder = new SchemaCacheHolder(ctx.db, ctx.config.apiSchemas, ctx.config.apiExtraSearchPath);
    holders.set(ctx.db, holder);
    live.add(holder);
    await installDdlWatch(ctx.db);
    await holder.reload();
    await holder.listen();
    app.addHook('onClose', async () => {
      holders.delete(ctx.db);
      live.delete(holder);
      await holder.close();
    });

    // Bodies are parsed by the REST module itself (JSON, CSV, form, text, binary), so every
    // content type arrives as raw bytes, up to the configured limit.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ctx.config.restMaxBodyBytes }, (_req, body, done) => done(null, body));
    app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendPostgrestError(reply, 413, { code: 'PGRST102', message: 'Request body too large', details: null, hint: null });
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status >= 500) ctx.log.error({ err }, 'rest: unexpected error');
      return sendPostgrestError(reply, status, { code: status >= 500 ? 'PGRSTX00' : 'PGRST102', message: status >= 500 ? 'Internal server error' : err.message, details: null, hint: null });
    });

    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      let caller;
      try {
        caller = await callerOf(ctx, req);
      } catch (err) {
        if (err instanceof JwtError) return sendJwtError(reply, err);
        throw err;
      }
      const rreq = toRestRequest(req);
      const maxRows = ctx.config.maxRows;
      const maxEmbedDepth = ctx.config.restMaxEmbedDepth;
      let plan: RequestPlan;
      let prepared: Statement | undefined;
      try {
        try {
          const opts = { cache: holder.ready() ?? (await holder.get()), maxRows, maxEmbedDepth };
          const cached = cachedRead(opts, rreq);
          if (cached) ({ plan, main: prepared } = cached);
          else plan = planRequest(opts, rreq);
        } catch (err) {
          if (!(err instanceof ApiError && CACHE_MISSES.has(err.code))) throw err;
          const fresh = await holder.refreshIfStale();
          if (!fresh) throw err;
          plan = planRequest({ cache: fresh, maxRows, maxEmbedDepth }, rreq);
        }
      } catch (err) {
        if (err instanceof ApiError) return send(reply, errorResponse(err));
        throw err;
      }
      const request = { role: caller.role, claims: caller.claims, method: rreq.method, path: rreq.path, headers: rreq.headers as Record<string, string> };
      if (plan.kind === 'options') return send(reply, { status: 200, headers: { allow: plan.allow }, body: '' });
      if (plan.kind === 'openapi') {
        const cache = (await holder.refreshIfStale()) ?? (await holder.get());
        return send(reply, await openApiResponse(ctx.db, cache, plan, request, req.headers.host ?? ''));
      }
      const res = await executePlan(
        {
          cache: holder.ready() ?? (await holder.get()),
          maxRows,
          extraSearchPath: ctx.config.apiExtraSearchPath,
          statementTimeoutMs: ctx.config.restStatementTimeoutMs,
          request,
          runAsRole: (c, statements, o) => ctx.db.runAsRole(c, statements, o),
        },
        plan,
        prepared,
      );
      return send(reply, res);
    };
    app.route({ method: [...METHODS], url: '/', handler, exposeHeadRoute: false });
    app.route({ method: [...METHODS], url: '/*', handler, exposeHeadRoute: false });

    app.setNotFoundHandler((req, reply) => {
      const known = (METHODS as readonly string[]).includes(req.method);
      return send(reply, errorResponse(known ? errors.invalidPath() : errors.unsupportedMethod(req.method)));
    });
  };
}
