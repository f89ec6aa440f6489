import { randomUUID } from 'node:crypto';
import { blobKey } from '../storage/backend/storage-backend.ts';
import { findBucket } from '../storage/db/bucket-rows.ts';
import { currentVersion, findObject, writeObjectRow, type ObjectRow } from '../storage/db/object-rows.ts';
import { mustBeValidBucketName, mustBeValidKey } from '../storage/object-keys.ts';
import { sendObject } from '../storage/serve/send-object.ts';
import { asCaller, ownerOf, probeAsCaller } from '../storage/storage-caller.ts';
import { checkMimeType, commitUpload, probeUpload, storeBlob, uploadLimit, type UploadPlan } from '../storage/upload/store-upload.ts';
import { dropBlobs } from './bucket-commands.ts';
import { readSmallBody } from './s3-body.ts';
import { S3_ERRORS } from './s3-errors.ts';
import { bodyOf, bucketOf, header, isoDate, keyOf, sendUserMetadata, sendXml, userMetadataOf, type S3Call } from './s3-env.ts';
import { xmlDocument, xmlField, xmlItems } from './s3-xml.ts';

/** The bucket row, read by the server (uploads' limits apply whatever RLS shows). */
export async function bucketRow(call: S3Call, bucket = bucketOf(call)) {
  const row = await findBucket(call.env.ctx.db, bucket);
  if (!row) throw S3_ERRORS.noSuchBucket();
  return row;
}

/** Content-Encoding as stored: `aws-chunked` is how the body travelled, not what it is. */
export function storedEncoding(call: S3Call): string | undefined {
  const v = header(call, 'content-encoding')?.split(',').map((s) => s.trim()).filter((s) => s && s !== 'aws-chunked').join(', ');
  return v || undefined;
}

/** The size the client announced: the decoded length of an aws-chunked body, else Content-Length. */
export function declaredLength(call: S3Call): number | undefined {
  const n = Number(header(call, 'x-amz-decoded-content-length') ?? header(call, 'content-length'));
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** PutObject: the same checks, blob and row as a REST upload with upsert (S3 always replaces). */
export async function putObject(call: S3Call) {
  const { ctx, storage } = call.env;
  const plan: UploadPlan = { bucket: await bucketRow(call), name: keyOf(call), upsert: true, caller: call.principal.caller, operation: 'storage.s3.upload' };
  const limit = uploadLimit(ctx, plan);
  const mimeType = header(call, 'content-type') || 'application/octet-stream';
  checkMimeType(plan, mimeType);
  const length = declaredLength(call);
  if (length !== undefined && length > limit) throw S3_ERRORS.entityTooLarge();
  const userMetadata = userMetadataOf(call);
  await probeUpload(ctx, call.req, plan, { mimetype: mimeType, contentLength: length }, userMetadata);
  const info = { mimeType, cacheControl: header(call, 'cache-control') || 'no-cache', contentEncoding: storedEncoding(call) };
  const blob = await storeBlob(storage.backend, plan, bodyOf(call), info, limit);
  await commitUpload(ctx, storage.backend, call.req, plan, blob, userMetadata);
  return call.reply.code(200).header('etag', blob.metadata.eTag).send();
}

/** A copy's source: the object as the caller may see it. */
export function readableSource(call: S3Call, bucket: string, key: string): Promise<ObjectRow> {
  return visibleObject(call, bucket, key, 'storage.s3.object.copy');
}

/** The object as the caller may see it (RLS for a session token); NoSuchBucket / NoSuchKey. */
async function visibleObject(call: S3Call, bucket: string, key: string, operation: string): Promise<ObjectRow> {
  await bucketRow(call, bucket);
  const row = await asCaller(call.env.ctx, call.req, call.principal.caller, operation, (tx) => findObject(tx, bucket, key));
  if (!row || !row.version) throw S3_ERRORS.noSuchKey();
  return row;
}

/** GetObject and HeadObject: the REST download's headers, Range and conditional answers, plus x-amz-meta-*. */
export async function getObject(call: S3Call) {
  const row = await visibleObject(call, bucketOf(call), call.key, 'storage.s3.object.get');
  sendUserMetadata(call, row.user_metadata);
  return sendObject(call.env.storage, call.req, call.reply, row);
}

/** GetObjectTagging: objects carry no tags here (as on Supabase): an empty set, for a visible object. */
export async function getObjectTagging(call: S3Call) {
  await visibleObject(call, bucketOf(call), call.key, 'storage.s3.object.get');
  return sendXml(call, xmlDocument('Tagging', { TagSet: {} }));
}

export async function deleteObject(call: S3Call) {
  const bucket = bucketOf(call);
  await bucketRow(call, bucket);
  const rows = await asCaller(call.env.ctx, call.req, call.principal.caller, 'storage.s3.object.delete', async (tx) =>
    (await tx.query<{ name: string; version: string | null }>('delete from storage.objects where bucket_id = $1 and name = $2 returning name, version', [bucket, call.key])).rows,
  );
  await dropBlobs(call, bucket, rows);
  return call.reply.code(204).send();
}

/** DeleteObjects: missing keys count as deleted (as S3); keys RLS would not let go are AccessDenied. */
export async function deleteObjects(call: S3Call) {
  const { ctx } = call.env;
  const bucket = bucketOf(call);
  await bucketRow(call, bucket);
  const xml = await readSmallBody(bodyOf(call));
  const keys = xmlItems(xml, 'Delete', 'Object')?.map((o) => o.Key);
  if (!keys || keys.length === 0 || keys.length > 1000 || keys.some((k) => typeof k !== 'string' || k === '')) throw S3_ERRORS.malformedXml();
  const quiet = xmlField(xml, 'Quiet') === 'true';
  const deleted = await asCaller(ctx, call.req, call.principal.caller, 'storage.s3.object.delete_many', async (tx) =>
    (await tx.query<{ name: string; version: string | null }>('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning name, version', [bucket, keys])).rows,
  );
  await dropBlobs(call, bucket, deleted);
  const { rows: kept } = await ctx.db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, keys]);
  const refused = new Set(kept.map((r) => r.name));
  const unique = [...new Set(keys as string[])];
  return sendXml(call, xmlDocument('DeleteResult', {
    Deleted: quiet ? undefined : unique.filter((k) => !refused.has(k)).map((k) => ({ Key: k })),
    Error: unique.filter((k) => refused.has(k)).map((k) => ({ Key: k, Code: 'AccessDenied', Message: 'Access Denied' })),
  }));
}

/** `x-amz-copy-source`: `[/]bucket/key[?versionId=…]`, URL-encoded. */
export function copySourceOf(call: S3Call): { bucket: string; key: string } {
  const raw = header(call, 'x-amz-copy-source') ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.split('?')[0]!).replace(/^\//, '');
  } catch {
    throw S3_ERRORS.invalidArgument('x-amz-copy-source is not valid percent-encoding');
  }
  const slash = decoded.indexOf('/');
  if (slash <= 0 || slash === decoded.length - 1) throw S3_ERRORS.invalidArgument('x-amz-copy-source must be bucket/key');
  const bucket = decoded.slice(0, slash);
  mustBeValidBucketName(bucket);
  return { bucket, key: decoded.slice(slash + 1) };
}

/**
 * CopyObject: SELECT on the source, INSERT/UPDATE on the destination under the caller's RLS,
 * as the REST copy with upsert. The metadata is the source's, or with REPLACE the request's.
 */
export async function copyObject(call: S3Call) {
  const { ctx, storage } = call.env;
  const src = copySourceOf(call);
  const destBucket = bucketOf(call);
  const destKey = keyOf(call);
  mustBeValidKey(destKey);
  const source = await visibleObject(call, src.bucket, src.key, 'storage.s3.object.copy');
  await bucketRow(call, destBucket);
  const replace = header(call, 'x-amz-metadata-directive')?.toUpperCase() === 'REPLACE';
  const metadata = { ...source.metadata!, lastModified: new Date().toISOString() };
  let userMetadata = source.user_metadata;
  if (replace) {
    metadata.mimetype = header(call, 'content-type') || metadata.mimetype;
    metadata.cacheControl = header(call, 'cache-control') || metadata.cacheControl;
    userMetadata = userMetadataOf(call);
  }
  const { owner, ownerId } = ownerOf(call.principal.caller);
  const row = (version: string) => ({ bucket: destBucket, name: destKey, owner, ownerId, version, metadata, userMetadata });
  const op = 'storage.s3.object.copy';
  await probeAsCaller(ctx, call.req, call.principal.caller, op, (tx) => writeObjectRow(tx, row('probe'), true));
  const version = randomUUID();
  const dest = blobKey(destBucket, destKey, version);
  await storage.backend.copy(blobKey(src.bucket, src.key, source.version!), dest);
  const previous = await currentVersion(ctx.db, destBucket, destKey);
  try {
    await asCaller(ctx, call.req, call.principal.caller, op, (tx) => writeObjectRow(tx, row(version), true));
  } catch (err) {
    await storage.backend.delete([dest]).catch(() => {});
    throw err;
  }
  if (previous && previous !== version) await storage.backend.delete([blobKey(destBucket, destKey, previous)]).catch(() => {});
  return sendXml(call, xmlDocument('CopyObjectResult', { ETag: metadata.eTag, LastModified: isoDate(metadata.lastModified) }));
}
