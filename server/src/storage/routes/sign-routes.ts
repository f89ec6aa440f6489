import type { FastifyPluginAsync } from 'fastify';
import { findObject } from '../db/object-rows.ts';
import { parseExpiresIn, signUrlToken } from '../signed-urls.ts';
import { asCaller, requireCaller } from '../storage-caller.ts';
import { jsonBody, targetOf, type StorageEnv } from '../storage-env.ts';
import { ERRORS } from '../storage-errors.ts';
import { parseTransformOptions, toTokenString } from '../render/transform-options.ts';

const NO_ACCESS = 'Either the object does not exist or you do not have access to it';

/**
 * createSignedUrl(s): the caller must be able to SELECT the object (RLS); the token then
 * lets anyone download exactly that object until it expires. Paths come back unencoded,
 * as storage-js runs encodeURI on them.
 */
export function signRoutes(env: StorageEnv): FastifyPluginAsync {
  const { ctx } = env;
  return async (app) => {
    app.post('/object/sign/:bucket/*', async (req) => {
      const caller = await requireCaller(ctx, req);
      const { bucket, name } = targetOf(req);
      const body = jsonBody(req);
      const expiresIn = parseExpiresIn(body.expiresIn);
      const found = await asCaller(ctx, req, caller, 'storage.object.sign', (tx) => findObject(tx, bucket, name));
      if (!found) throw ERRORS.noSuchKey();
      const url = `${bucket}/${name}`;
      const transform = body.transform && typeof body.transform === 'object' ? (body.transform as Record<string, unknown>) : {};
      // Signed into the token, so they cannot be changed once signed (upstream's claim format).
      const t = toTokenString(parseTransformOptions(transform, 'body/transform')) || undefined;
      const token = await signUrlToken(env.signingKey, { url, scope: 'download', ...(t ? { transformations: t } : {}) }, expiresIn);
      return { signedURL: `${t ? '/render/image/sign' : '/object/sign'}/${url}?token=${token}` };
    });

    app.post('/object/sign/:bucket', async (req) => {
      const caller = await requireCaller(ctx, req);
      const { bucket } = targetOf(req);
      const body = jsonBody(req);
      const expiresIn = parseExpiresIn(body.expiresIn);
      if (!Array.isArray(body.paths) || body.paths.some((p) => typeof p !== 'string')) {
        throw ERRORS.invalidRequest("body must have required property 'paths'");
      }
      const paths = body.paths as string[];
      const visible = await asCaller(ctx, req, caller, 'storage.object.sign_many', async (tx) => {
        const { rows } = await tx.query<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucket, paths],
        );
        return new Set(rows.map((r) => r.name));
      });
      return Promise.all(
        paths.map(async (path) => {
          if (!visible.has(path)) return { error: NO_ACCESS, path, signedURL: null };
          const url = `${bucket}/${path}`;
          const token = await signUrlToken(env.signingKey, { url, scope: 'download' }, expiresIn);
          return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
        }),
      );
    });
  };
}
