import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { importSources } from './deno-imports/import-cache.ts';
import { aiRuntimeEnv } from './ai/ai-runtime-env.ts';
import { functionEnv } from './function-env.ts';
import { dbPortUrlFor } from '../db/db-port-url.ts';
import { failureAnswer, FunctionFailure, METHOD_NOT_ALLOWED, NOT_FOUND, type GatewayAnswer } from './function-errors.ts';
import { FunctionRegistry } from './function-registry.ts';
import type { FunctionResponse } from './function-worker.ts';
import { checkJwt, gatewayAuthorization } from './gateway-auth.ts';

const PREFIX = '/functions/v1';
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// Connection-level headers belong to each hop, not to the function or the client.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-connection']);

function send(reply: FastifyReply, a: GatewayAnswer): FastifyReply {
  const json = typeof a.body !== 'string';
  reply
    .code(a.status)
    .header('content-type', json ? 'application/json' : 'text/plain;charset=UTF-8')
    // The function's own CORS headers are missing from these answers; without these a browser
    // would only see a network error instead of the status and body.
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'x-relay-error');
  if (a.relayError) reply.header('x-relay-error', 'true');
  return reply.send(json ? JSON.stringify(a.body) : a.body);
}

/** Request headers as the function sees them: all the client's, with the gateway's Authorization. */
function functionHeaders(req: FastifyRequest, authorization: string | undefined): [string, string][] {
  const out: [string, string][] = [];
  const raw = req.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || name === 'authorization') continue;
    out.push([name, raw[i + 1]!]);
  }
  if (authorization !== undefined) out.push(['authorization', authorization]);
  return out;
}

/** Bodies up to this size are read whole and sent with the request in one message. */
const INLINE_BODY_BYTES = 64 * 1024;

/** The request body for the function: none, read whole when small and sized, else the stream. */
async function requestBody(req: FastifyRequest): Promise<Readable | Uint8Array | null> {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  const len = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && (len === undefined || len === '0')) return null;
  if (len === undefined || Number(len) > INLINE_BODY_BYTES) return req.raw;
  const chunks: Buffer[] = [];
  for await (const chunk of req.raw) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function loopbackUrl(ctx: ServerContext, address: ReturnType<FastifyRequest['server']['server']['address']>): string {
  const port = typeof address === 'object' && address ? address.port : ctx.config.port;
  const host = ctx.config.host;
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}

function sendResponse(reply: FastifyReply, res: FunctionResponse): FastifyReply {
  reply.code(res.status);
  if (res.statusText) reply.raw.statusMessage = res.statusText;
  const cookies: string[] = [];
  for (const [name, value] of res.headers) {
    if (HOP_BY_HOP.has(name)) continue;
    if (name === 'set-cookie') cookies.push(value);
    else reply.header(name, value);
  }
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return res.body ? reply.send(res.body) : reply.send();
}

/**
 * `/functions/v1/<name>[/…]`: Supabase Edge Functions from `<project>/functions`, each bundled once
 * and run in worker threads (see function-registry.ts, worker-pool.ts), behind the gateway's key
 * mapping and `verify_jwt` check. Bodies stream both ways; CORS is the function's business.
 */
export function functionsModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    const registry = new FunctionRegistry({
      projectDir: ctx.config.project,
      settings: ctx.config.functions,
      limits: { isolation: ctx.config.functionsIsolation, memoryMb: ctx.config.functionsMemoryMb, timeoutMs: ctx.config.functionsRequestTimeoutS * 1000 },
      workersPerFunction: ctx.config.functionsWorkersPerFunction,
      workerIdleMs: ctx.config.functionsWorkerIdleS * 1000,
      sources: importSources(ctx.config),
      env: () => ({
        ...functionEnv({ config: ctx.config, keys: ctx.keys, serverUrl: loopbackUrl(ctx, app.server.address()), dbPortUrl: dbPortUrlFor(ctx.db) }, (m) => ctx.log.warn(m)),
        ...aiRuntimeEnv(ctx.config.functionsAiModelsDir),
      }),
      watch: !ctx.config.production,
      log: ctx.log,
      onWorkerLost: (fn, loss) => ctx.metrics.functionWorkerRestarts.inc({ function: fn, reason: loss }),
    });
    await registry.start();
    app.addHook('onClose', () => registry.close());

    // Bodies go to the function untouched, whatever their type.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));

    app.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/*',
      exposeHeadRoute: false,
      handler: async (req, reply) => {
        const path = req.url.slice(PREFIX.length); // "/<name>[/rest][?query]"
        const rawName = /^\/([^/?#]*)/.exec(path)?.[1] ?? '';
        let name: string;
        try {
          name = decodeURIComponent(rawName);
        } catch {
          return send(reply, NOT_FOUND);
        }
        const fn = name ? await registry.get(name) : undefined;
        if (!fn) return send(reply, NOT_FOUND);
        if (!METHODS.has(req.method)) return send(reply, METHOD_NOT_ALLOWED);

        const apikey = typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined;
        const authorization = gatewayAuthorization(req.headers.authorization, apikey, ctx.keys);
        if (fn.verifyJwt && req.method !== 'OPTIONS') {
          const refused = await checkJwt(authorization, ctx.keys);
          if (refused) return send(reply, refused);
        }

        const abort = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) abort.abort();
        });
        try {
          const pool = await registry.pool(fn);
          const res = await pool.dispatch({
            method: req.method,
            // The address the caller reached (X-Forwarded-Proto/Host only with trust_proxy), so
            // a function's own links (a feed's rel=self) answer there (decision 0319).
            url: `${req.protocol}://${req.host || 'localhost'}${path}`,
            headers: functionHeaders(req, authorization),
            body: await requestBody(req),
            remoteAddr: { hostname: req.raw.socket.remoteAddress ?? '', port: req.raw.socket.remotePort ?? 0 },
            signal: abort.signal,
          });
          return sendResponse(reply, res);
        } catch (err) {
          if (!(err instanceof FunctionFailure)) throw err;
          if (abort.signal.aborted) return reply; // nobody is listening any more
          req.log.error({ function: fn.name, failure: err.kind, error: err.message }, 'function failed');
          return send(reply, failureAnswer(err.kind, err.publicDetail));
        }
      },
    });
  };
}
