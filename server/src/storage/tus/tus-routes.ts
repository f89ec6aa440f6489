import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RAW_BODY, type StorageEnv } from '../storage-env.ts';
import { createTusServer } from './tus-server.ts';
import { rememberRequest } from './tus-requests.ts';

const METHODS = ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'];

/**
 * `/upload/resumable[/sign][/<id>]`, handed to @tus/server on the raw request and response.
 * `fullPath` is the public path of the creation URL, so Location headers point back here.
 */
export function tusRoutes(env: StorageEnv, fullPath: string): FastifyPluginAsync {
  const plain = createTusServer(env, fullPath);
  const signed = createTusServer(env, `${fullPath}/sign`);
  const handler = (server: typeof plain) => async (req: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    rememberRequest(req);
    // Headers our hooks set (request id, CORS) go out too; tus adds its own on top.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string);
    }
    await server.handle(req.raw, reply.raw);
  };
  return async (app) => {
    // Unfinished uploads expire after a day (Upload-Expires); sweep their staged bytes hourly.
    const store = env.backend.tusStore();
    const sweep = setInterval(() => void store.deleteExpired().catch(() => {}), 3600_000).unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    app.route({ method: METHODS, url: '/upload/resumable', handler: handler(plain), ...RAW_BODY });
    app.route({ method: METHODS, url: '/upload/resumable/:id', handler: handler(plain), ...RAW_BODY });
    app.route({ method: METHODS, url: '/upload/resumable/sign', handler: handler(signed), ...RAW_BODY });
    app.route({ method: METHODS, url: '/upload/resumable/sign/:id', handler: handler(signed), ...RAW_BODY });
  };
}
