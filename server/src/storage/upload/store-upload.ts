import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../http/resolve-caller.ts';
import type { ServerContext } from '../../http/server-context.ts';
import { blobKey, type StorageBackend } from '../backend/storage-backend.ts';
import { bucketLimit, type BucketRow } from '../db/bucket-rows.ts';
import { currentVersion, writeObjectRow, type ObjectMetadata } from '../db/object-rows.ts';
import { effectiveSizeLimit, mustBeAllowedMimeType } from '../limits.ts';
import { asCaller, ownerOf, probeAsCaller } from '../storage-caller.ts';
import { ERRORS } from '../storage-errors.ts';
import { meterUpload, UploadMeter } from './upload-meter.ts';

const PLACEHOLDER = '.emptyFolderPlaceholder';

export interface UploadPlan {
  bucket: BucketRow;
  name: string;
  upsert: boolean;
  /** Whose object it becomes and whose RLS applies. */
  caller: Caller;
  operation: string;
}

/** What an upload must satisfy before any byte is read: its size limit and MIME type. */
export function uploadLimit(ctx: ServerContext, plan: UploadPlan): number {
  // Placeholders mark empty folders: zero bytes, any type (upstream).
  if (plan.name.endsWith(PLACEHOLDER)) return 0;
  return effectiveSizeLimit(ctx.config.storageFileSizeLimit, bucketLimit(plan.bucket));
}

export function checkMimeType(plan: UploadPlan, mimeType: string): void {
  if (!plan.name.endsWith(PLACEHOLDER)) mustBeAllowedMimeType(mimeType, plan.bucket.allowed_mime_types);
}

/** Would RLS let this caller write the row? Tried and rolled back, before streaming. */
export function probeUpload(ctx: ServerContext, req: FastifyRequest, plan: UploadPlan, metadata: Partial<ObjectMetadata>, userMetadata: Record<string, unknown> | null) {
  const { owner, ownerId } = ownerOf(plan.caller);
  return probeAsCaller(ctx, req, plan.caller, plan.operation, (tx) =>
    writeObjectRow(tx, { bucket: plan.bucket.id, name: plan.name, owner, ownerId, version: 'probe', metadata, userMetadata }, plan.upsert),
  );
}

export interface StoredBlob {
  version: string;
  metadata: ObjectMetadata;
}

/** Streams `source` into a new blob version, metered; nothing is kept if it fails or runs over. */
export async function storeBlob(
  backend: StorageBackend,
  plan: UploadPlan,
  source: Readable,
  info: { mimeType: string; cacheControl: string; contentEncoding?: string },
  limit: number,
): Promise<StoredBlob> {
  const version = randomUUID();
  const meter = new UploadMeter(limit);
  const metered = meterUpload(source, meter); // errors reach `meter`, which put() sees
  try {
    await backend.put(blobKey(plan.bucket.id, plan.name, version), metered, { contentType: info.mimeType, cacheControl: info.cacheControl });
  } catch (err) {
    if (meter.exceeded) throw ERRORS.entityTooLarge();
    throw err;
  }
  return {
    version,
    metadata: {
      eTag: meter.eTag(),
      size: meter.received,
      mimetype: info.mimeType,
      cacheControl: info.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: meter.received,
      httpStatusCode: 200,
      ...(info.contentEncoding ? { contentEncoding: info.contentEncoding } : {}),
    },
  };
}

/**
 * Makes a stored blob the object's current version: the row is written under the caller's
 * role (RLS checked again, so nothing changed since the probe slips through), then the
 * replaced version's bytes are dropped. If the row cannot be written, the new blob is dropped.
 */
export async function commitUpload(
  ctx: ServerContext,
  backend: StorageBackend,
  req: FastifyRequest,
  plan: UploadPlan,
  blob: StoredBlob,
  userMetadata: Record<string, unknown> | null,
): Promise<string> {
  const bucket = plan.bucket.id;
  const previous = plan.upsert ? await currentVersion(ctx.db, bucket, plan.name) : undefined;
  const { owner, ownerId } = ownerOf(plan.caller);
  let id: string;
  try {
    id = await asCaller(ctx, req, plan.caller, plan.operation, (tx) =>
      writeObjectRow(tx, { bucket, name: plan.name, owner, ownerId, version: blob.version, metadata: blob.metadata, userMetadata }, plan.upsert),
    );
  } catch (err) {
    await backend.delete([blobKey(bucket, plan.name, blob.version)]).catch(() => {});
    throw err;
  }
  if (previous && previous !== blob.version) {
    await backend.delete([blobKey(bucket, plan.name, previous)]).catch((err) => ctx.log.warn({ err }, 'storage: could not drop a replaced blob'));
  }
  return id;
}
