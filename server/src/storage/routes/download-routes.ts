import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { findBucket } from '../db/bucket-rows.ts';
import { findObject, objectInfoJson, type ObjectRow } from '../db/object-rows.ts';
import { sendObject } from '../serve/send-object.ts';
import { verifyUrlToken } from '../signed-urls.ts';
import { asCaller, optionalCaller } from '../storage-caller.ts';
import { targetOf, type StorageEnv } from '../storage-env.ts';
import { ERRORS } from '../storage-errors.ts';

type Access = 'authenticated' | 'public';

/**
 * The object a read route may show. Public route: the bucket must be public, no RLS.
 * Authenticated route: a public bucket is read without RLS too; a private one under the
 * caller's RLS (hidden = NoSuchKey), and not at all without a valid token (NoSuchBucket).
 */
async function readableObject(env: StorageEnv, req: FastifyRequest, access: Access, operation: string): Promise<ObjectRow> {
  const { ctx } = env;
  const { bucket, name } = targetOf(req);
  const caller = access === 'authenticated' ? await optionalCaller(ctx, req) : undefined;
  const row = await findBucket(ctx.db, bucket);
  if (!row || (!row.public && (access === 'public' || !caller))) throw ERRORS.noSuchBucket();
  const obj = row.public
    ? await findObject(ctx.db, bucket, name)
    : await asCaller(ctx, req, caller!, operation, (tx) => findObject(tx, bucket, name));
  if (!obj) throw ERRORS.noSuchKey();
  return obj;
}

/** A signed URL's object: the token must be a download token for exactly this object. */
async function signedObject(env: StorageEnv, req: FastifyRequest): Promise<{ row: ObjectRow; expires: Date }> {
  const { bucket, name } = targetOf(req);
  const token = (req.query as Record<string, unknown>).token;
  if (typeof token !== 'string' || token === '') throw ERRORS.invalidSignature('Missing token');
  const claims = await verifyUrlToken(env.signingKey, token, 'download', `${bucket}/${name}`);
  const row = await findObject(env.ctx.db, bucket, name);
  if (!row) throw ERRORS.noSuchKey();
  return { row, expires: new Date((claims.exp ?? 0) * 1000) };
}

/**
 * download (GET, and HEAD for headers only) on the authenticated, public and signed paths;
 * info; and `/render/image/*`, which serves the original bytes (no image transformation here).
 */
export function downloadRoutes(env: StorageEnv): FastifyPluginAsync {
  const serve = (access: Access, operation: string) => async (req: FastifyRequest, reply: FastifyReply) =>
    sendObject(env, req, reply, await readableObject(env, req, access, operation));
  const serveSigned = async (req: FastifyRequest, reply: FastifyReply) => {
    const { row, expires } = await signedObject(env, req);
    return sendObject(env, req, reply, row, { expires });
  };
  const info = (access: Access) => async (req: FastifyRequest) =>
    objectInfoJson(await readableObject(env, req, access, 'storage.object.info'));

  return async (app) => {
    // GET and an explicit HEAD (Fastify's automatic one would answer Content-Length: 0);
    // sendObject stops after the headers for HEAD.
    const getAndHead = (url: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
      app.route({ method: ['GET', 'HEAD'], url, handler, exposeHeadRoute: false });
    getAndHead('/object/:bucket/*', serve('authenticated', 'storage.object.get_authenticated'));
    getAndHead('/object/authenticated/:bucket/*', serve('authenticated', 'storage.object.get_authenticated'));
    getAndHead('/object/public/:bucket/*', serve('public', 'storage.object.get_public'));
    getAndHead('/object/sign/:bucket/*', serveSigned);
    getAndHead('/render/image/authenticated/:bucket/*', serve('authenticated', 'storage.render.image_authenticated'));
    getAndHead('/render/image/public/:bucket/*', serve('public', 'storage.render.image_public'));
    getAndHead('/render/image/sign/:bucket/*', serveSigned);
    app.get('/object/info/:bucket/*', info('authenticated'));
    app.get('/object/info/authenticated/:bucket/*', info('authenticated'));
    app.get('/object/info/public/:bucket/*', info('public'));
  };
}
