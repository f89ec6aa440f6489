import type { FastifyInstance } from 'fastify';

/** The headers supabase-js sends (its `cors` export) plus what auth-js adds. */
const ALLOW_HEADERS =
  'authorization, x-client-info, apikey, content-type, accept, accept-profile, content-profile, prefer, range, ' +
  'x-retry-count, x-supabase-api-version, x-upsert, cache-control, traceparent, tracestate, baggage, ' +
  'tus-resumable, upload-length, upload-offset, upload-metadata';

/** PostgREST's, GoTrue's and Storage's exposed headers together, so the browser client reads them all. */
const EXPOSE_HEADERS =
  'content-encoding, content-location, content-range, content-type, content-length, date, location, server, ' +
  'transfer-encoding, range-unit, preference-applied, x-total-count, link, x-supabase-api-version, etag, ' +
  'x-request-id, content-disposition, upload-offset, upload-length, tus-resumable, x-relay-error';

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * CORS as Supabase's gateway answers it for auth, REST, storage and realtime: any origin, no
 * credentials. Functions answer their own preflight, as on Supabase.
 */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/functions/')) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSE_HEADERS);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      const asked = req.headers['access-control-request-headers'];
      // Returned, so that Fastify stops here: the route itself must not answer the preflight too.
      return reply
        .header('access-control-allow-methods', METHODS)
        .header('access-control-allow-headers', asked ? `${ALLOW_HEADERS}, ${asked}` : ALLOW_HEADERS)
        .header('access-control-max-age', '86400')
        .code(204)
        .send();
    }
  });
}
