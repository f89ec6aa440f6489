import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RAW_BODY, type StorageEnv } from '../storage-env.ts';
import type { Server } from '@tus/server';
import { rememberRequest } from './tus-requests.ts';

const METHODS = ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'];

/**
 * `/upload/resumable[/sign][/<id>]`, handed to @tus/server on the raw request and response.
 * `fullPath` is the public path of the creation URL, so Location headers point back here.
 */
export function tusRoutes(env: StorageEnv, fullPath: string): FastifyPluginAsync {
  // @tus/server and its store load with the first resumable upload, not at start (decision 0421).
  let servers: Promise<{ plain: Server; signed: Server }> | undefined;
  const load = () =>
    (servers ??= import('./tus-server.ts')
      .then(async ({ createTusServer }) => ({ plain: await createTusServer(env, fullPath), signed: await createTusServer(env, `${fullPath}/sign`) }))
      .catch((err: unknown) => {
        servers = undefined; // the next request tries again
        throw err;
      }));
  const handler = (which: 'plain' | 'signed') => async (req: FastifyRequest, reply: FastifyReply) => {
    const server = (await load())[which];
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
    const sweep = setInterval(() => void env.backend.tusStore().then((store) => store.deleteExpired()).catch(() => {}), 3600_000).unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    app.route({ method: METHODS, url: '/upload/resumable', handler: handler('plain'), ...RAW_BODY });
    app.route({ method: METHODS, url: '/upload/resumable/:id', handler: handler('plain'), ...RAW_BODY });
    app.route({ method: METHODS, url: '/upload/resumable/sign', handler: handler('signed'), ...RAW_BODY });
    app.route({ method: METHODS, url: '/upload/resumable/sign/:id', handler: handler('signed'), ...RAW_BODY });
  };
}
