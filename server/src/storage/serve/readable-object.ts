import type { FastifyRequest } from 'fastify';
import { findBucket } from '../db/bucket-rows.ts';
import { findObject, type ObjectRow } from '../db/object-rows.ts';
import { verifyUrlToken, type SignedUrlClaims } from '../signed-urls.ts';
import { asCaller, optionalCaller } from '../storage-caller.ts';
import { targetOf, type StorageEnv } from '../storage-env.ts';
import { ERRORS } from '../storage-errors.ts';

export type Access = 'authenticated' | 'public';

/**
 * The object a read route may show. Public route: the bucket must be public, no RLS.
 * Authenticated route: a public bucket is read without RLS too; a private one under the
 * caller's RLS (hidden = NoSuchKey), and not at all without a valid token (NoSuchBucket).
 */
export async function readableObject(env: StorageEnv, req: FastifyRequest, access: Access, operation: string): Promise<ObjectRow> {
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
export async function signedObject(
  env: StorageEnv,
  req: FastifyRequest,
): Promise<{ row: ObjectRow; expires: Date; claims: SignedUrlClaims }> {
  const { bucket, name } = targetOf(req);
  const token = (req.query as Record<string, unknown>).token;
  if (typeof token !== 'string' || token === '') throw ERRORS.invalidSignature('Missing token');
  const claims = await verifyUrlToken(env.signingKey, token, 'download', `${bucket}/${name}`);
  const row = await findObject(env.ctx.db, bucket, name);
  if (!row) throw ERRORS.noSuchKey();
  return { row, expires: new Date((claims.exp ?? 0) * 1000), claims };
}

