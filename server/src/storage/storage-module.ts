import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { createBackend } from './backend/create-backend.ts';
import { registerBodyParsing, registerErrorHandling } from './http-plumbing.ts';
import { bucketRoutes } from './routes/bucket-routes.ts';
import { downloadRoutes } from './routes/download-routes.ts';
import { listRoutes } from './routes/list-routes.ts';
import { moveCopyRoutes } from './routes/move-copy-routes.ts';
import { removeRoutes } from './routes/remove-routes.ts';
import { renderRoutes } from './routes/render-routes.ts';
import { Renditions } from './render/renditions.ts';
import { signRoutes } from './routes/sign-routes.ts';
import { uploadRoutes } from './routes/upload-routes.ts';
import { urlSigningKey } from './signed-urls.ts';
import type { StorageEnv } from './storage-env.ts';
import { tusRoutes } from './tus/tus-routes.ts';

export const STORAGE_PREFIX = '/storage/v1';

/**
 * What `/version` answers: the Supabase Storage release whose API this module follows (the one
 * the Supabase CLI ships), as plain text like upstream's, so a client gating a feature on the
 * storage version sees the behaviour it gets.
 */
export const STORAGE_API_VERSION = 'v1.60.2';

/**
 * `/storage/v1`: the Supabase Storage API. Metadata lives in `storage.buckets`/`storage.objects`
 * and is read and written under the caller's role (RLS decides); bytes live in the backend
 * `--storage` names (a folder or S3).
 */
export function storageModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    const backend = await createBackend(ctx.config);
    const env: StorageEnv = {
      ctx,
      backend,
      signingKey: urlSigningKey(ctx.keys.jwtSecret, ctx.config.storageUrlSigningKey),
    };
    app.addHook('onClose', async () => backend.close());
    await registerBodyParsing(app);
    registerErrorHandling(app, STORAGE_PREFIX);
    // Upstream's two unauthenticated probes: an empty 200, and the version as text.
    app.get('/status', async (_req, reply) => reply.code(200).send());
    app.get('/version', async (_req, reply) => reply.type('text/plain; charset=utf-8').send(STORAGE_API_VERSION));
    for (const routes of [bucketRoutes, uploadRoutes, downloadRoutes, signRoutes, listRoutes, removeRoutes, moveCopyRoutes]) {
      await app.register(routes(env));
    }
    // Off (`[storage.image_transformation] enabled = false`): the routes do not exist, as upstream.
    if (ctx.config.storageImageTransformation) await app.register(renderRoutes(env, new Renditions(backend, ctx.log)));
    await app.register(tusRoutes(env, `${STORAGE_PREFIX}/upload/resumable`));
  };
}
