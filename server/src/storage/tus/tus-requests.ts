import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { ServerRequest } from 'srvx';
import type { Caller } from '../../http/resolve-caller.ts';
import { findBucket, type BucketRow } from '../db/bucket-rows.ts';
import { mustBeValidBucketName, mustBeValidKey } from '../object-keys.ts';
import { verifyUrlToken } from '../signed-urls.ts';
import { ownerOf, requireCaller } from '../storage-caller.ts';
import type { StorageEnv } from '../storage-env.ts';
import { ERRORS, isNoSpace, StorageError } from '../storage-errors.ts';
import type { UploadPlan } from '../upload/store-upload.ts';

/** The Fastify request behind each raw request handed to @tus/server, for its hooks. */
const fastifyRequests = new WeakMap<IncomingMessage, FastifyRequest>();

export function rememberRequest(req: FastifyRequest): void {
  fastifyRequests.set(req.raw, req);
}

export function fastifyRequestOf(req: ServerRequest): FastifyRequest {
  const raw = req.runtime?.node?.req as IncomingMessage | undefined;
  const fr = raw && fastifyRequests.get(raw);
  if (!fr) throw ERRORS.internal();
  return fr;
}

/** Upload metadata we add at creation (clients' values for these keys are overwritten). */
export interface TusServerMetadata {
  /** Who created the upload: `<role>:<sub>`; only they may resume, inspect or cancel it. */
  gatherCreator: string;
  gatherUpsert: 'true' | 'false';
}

export function creatorOf(caller: Caller): string {
  return `${caller.role}:${ownerOf(caller).ownerId ?? ''}`;
}

/**
 * The caller of a TUS request: a Bearer JWT as on every authenticated route, or on the
 * `/sign` variant an `x-signature` upload token for exactly this object (then the token's
 * owner, without RLS, as uploadToSignedUrl).
 */
export async function tusCaller(env: StorageEnv, fr: FastifyRequest, bucket: string, name: string): Promise<{ caller: Caller; upsert?: boolean }> {
  if (!fr.routeOptions.url?.includes('/upload/resumable/sign')) return { caller: await requireCaller(env.ctx, fr, { headerSchema: false }) };
  const signature = fr.headers['x-signature'];
  if (typeof signature !== 'string' || signature === '') throw ERRORS.invalidSignature('Missing x-signature header');
  const claims = await verifyUrlToken(env.signingKey, signature, 'upload', `${bucket}/${name}`);
  const caller: Caller = { role: 'service_role', claims: { role: 'service_role', ...(claims.owner ? { sub: claims.owner } : {}) } };
  return { caller, upsert: claims.upsert === true };
}

/** Validates the names a TUS upload carries and finds its bucket. */
export async function tusTarget(env: StorageEnv, metadata: Record<string, string | null> | undefined): Promise<{ bucket: BucketRow; name: string }> {
  const bucketName = metadata?.bucketName ?? undefined;
  const name = metadata?.objectName ?? undefined;
  if (!bucketName || !name) throw ERRORS.invalidRequest('Upload-Metadata must carry bucketName and objectName');
  mustBeValidBucketName(bucketName);
  mustBeValidKey(name);
  const bucket = await findBucket(env.ctx.db, bucketName);
  if (!bucket) throw ERRORS.noSuchBucket();
  return { bucket, name };
}

export function tusPlan(target: { bucket: BucketRow; name: string }, caller: Caller, upsert: boolean): UploadPlan {
  return { bucket: target.bucket, name: target.name, caller, upsert, operation: 'storage.object.upload_resumable' };
}

/**
 * What @tus/server sends for our errors: the real status and upstream's message as the body. A
 * full disk may also arrive raw (the store's write fails its source, which @tus/server's own
 * pipeline reports first): 507 all the same, never the fs message.
 */
export function tusError(err: unknown): { status_code: number; body: string } | undefined {
  if (isNoSpace(err)) err = ERRORS.insufficientStorage(err);
  if (err instanceof StorageError) return { status_code: err.status, body: err.message };
  return undefined;
}
