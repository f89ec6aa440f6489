import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { callerOf, requestHeaders } from '../http/server-context.ts';
import { JwtError } from '../http/verify-jwt.ts';
import { openApiDocument } from './openapi-root.ts';
import { sendJwtError, sendPostgrestError } from './rest-errors.ts';

/** `/rest/v1`: the PostgREST-compatible API. */
export function restModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (req, reply) => {
      let caller;
      try {
        caller = await callerOf(ctx, req);
      } catch (err) {
        if (err instanceof JwtError) return sendJwtError(reply, err);
        throw err;
      }
      const doc = await ctx.db.asRole(
        { role: caller.role, claims: caller.claims, method: 'GET', path: '/', headers: requestHeaders(req), readOnly: true },
        (tx) => openApiDocument(tx, req.headers.host ?? ''),
      );
      return reply.header('content-type', 'application/openapi+json; charset=utf-8').send(doc);
    });

    app.setNotFoundHandler((req, reply) =>
      sendPostgrestError(reply, 404, {
        code: 'PGRST125',
        message: `Invalid path specified in request URL`,
        details: null,
        hint: null,
      }),
    );
  };
}
