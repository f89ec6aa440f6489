import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { meterUpload, UploadMeter } from '../storage/upload/upload-meter.ts';
import { checkMimeType, commitUpload, probeUpload, storeBlob, uploadLimit, type UploadPlan } from '../storage/upload/store-upload.ts';
import { ownerOf } from '../storage/storage-caller.ts';
import { ERRORS } from '../storage/storage-errors.ts';
import { dropUpload, findUpload, partBlobKey, partsOf, type UploadOptions, type UploadRow } from './multipart-store.ts';
import { bucketRow, copySourceOf, declaredLength, readableSource, storedEncoding } from './object-commands.ts';
import { blobKey } from '../storage/backend/storage-backend.ts';
import { readSmallBody } from './s3-body.ts';
import { S3_ERRORS } from './s3-errors.ts';
import { bodyOf, header, isoDate, keyOf, sendXml, userMetadataOf, type S3Call } from './s3-env.ts';
import { xmlDocument, xmlItems } from './s3-xml.ts';

const MAX_PART_NUMBER = 10000;

async function planOf(call: S3Call): Promise<UploadPlan> {
  return { bucket: await bucketRow(call), name: keyOf(call), upsert: true, caller: call.principal.caller, operation: 'storage.s3.upload' };
}

/** The upload named by `uploadId`, if it is this caller's (a user's session sees only its own). */
async function uploadOf(call: S3Call): Promise<UploadRow> {
  const uploadId = call.query.get('uploadId') ?? '';
  const row = await findUpload(call.env.ctx.db, call.bucket, call.key, uploadId);
  if (!row) throw S3_ERRORS.noSuchUpload();
  const { caller } = call.principal;
  if (caller.role !== 'service_role' && row.owner_id !== (ownerOf(caller).ownerId ?? null)) throw S3_ERRORS.noSuchUpload();
  return row;
}

/** CreateMultipartUpload: RLS must allow the object's write now (and is asked again at the end). */
export async function createMultipartUpload(call: S3Call) {
  const { ctx } = call.env;
  const plan = await planOf(call);
  const options: UploadOptions = {
    contentType: header(call, 'content-type') || 'application/octet-stream',
    cacheControl: header(call, 'cache-control') || 'no-cache',
    contentEncoding: storedEncoding(call),
    userMetadata: userMetadataOf(call),
  };
  checkMimeType(plan, options.contentType);
  await probeUpload(ctx, call.req, plan, { mimetype: options.contentType }, options.userMetadata);
  const uploadId = randomUUID();
  await ctx.db.query(
    `insert into storage.s3_multipart_uploads (id, upload_signature, bucket_id, key, version, owner_id, metadata)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [uploadId, 's3', plan.bucket.id, plan.name, randomUUID(), ownerOf(call.principal.caller).ownerId, JSON.stringify(options)],
  );
  return sendXml(call, xmlDocument('InitiateMultipartUploadResult', { Bucket: plan.bucket.id, Key: plan.name, UploadId: uploadId }));
}

function partNumberOf(call: S3Call): number {
  const partNumber = Number(call.query.get('partNumber'));
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw S3_ERRORS.invalidArgument('Part number must be an integer between 1 and 10000, inclusive');
  }
  return partNumber;
}

/** Stores one part's bytes as their own blob and records it; the parts together stay within the size limit. */
async function storePart(call: S3Call, body: Readable, length: number | undefined): Promise<string> {
  const { ctx, storage } = call.env;
  const partNumber = partNumberOf(call);
  const plan = await planOf(call);
  const upload = await uploadOf(call);
  const limit = uploadLimit(ctx, plan) - Number(upload.in_progress_size);
  if (limit < 0 || (length !== undefined && length > limit)) throw S3_ERRORS.entityTooLarge();
  const version = randomUUID();
  const key = partBlobKey(upload.id, partNumber, version);
  const meter = new UploadMeter(Math.max(limit, 0));
  try {
    await storage.backend.put(key, meterUpload(body, meter), { contentType: 'application/octet-stream', cacheControl: 'no-cache' });
  } catch (err) {
    if (meter.exceeded) throw ERRORS.entityTooLarge();
    throw err;
  }
  const etag = meter.eTag();
  const replaced = await ctx.db.query<{ version: string }>(
    'delete from storage.s3_multipart_uploads_parts where upload_id = $1 and part_number = $2 returning version',
    [upload.id, partNumber],
  );
  await ctx.db.query(
    `insert into storage.s3_multipart_uploads_parts (upload_id, size, part_number, bucket_id, key, etag, owner_id, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [upload.id, meter.received, partNumber, upload.bucket_id, upload.key, etag, upload.owner_id, version],
  );
  await ctx.db.query(
    'update storage.s3_multipart_uploads set in_progress_size = (select coalesce(sum(size), 0) from storage.s3_multipart_uploads_parts where upload_id = $1) where id = $1',
    [upload.id],
  );
  await storage.backend.delete(replaced.rows.map((r) => partBlobKey(upload.id, partNumber, r.version))).catch(() => {});
  return etag;
}

/** UploadPart: the request's body as the part. */
export async function uploadPart(call: S3Call) {
  partNumberOf(call);
  const etag = await storePart(call, bodyOf(call), declaredLength(call));
  return call.reply.code(200).header('etag', etag).send();
}

/** UploadPartCopy: a stored object (or `x-amz-copy-source-range` of it) the caller may read, as the part. */
export async function uploadPartCopy(call: S3Call) {
  partNumberOf(call);
  const src = copySourceOf(call);
  const source = await readableSource(call, src.bucket, src.key);
  const size = Number(source.metadata?.size ?? 0);
  const rangeHeader = header(call, 'x-amz-copy-source-range');
  let range: { start: number; end: number } | undefined;
  if (rangeHeader) {
    const m = /^bytes=(\d+)-(\d+)$/.exec(rangeHeader.trim());
    if (!m || Number(m[1]) > Number(m[2]) || Number(m[2]) >= size) throw S3_ERRORS.invalidArgument('x-amz-copy-source-range must be bytes=first-last within the source object');
    range = { start: Number(m[1]), end: Number(m[2]) };
  }
  const body = await call.env.storage.backend.read(blobKey(source.bucket_id, source.name, source.version!), range);
  const etag = await storePart(call, body, range ? range.end - range.start + 1 : size);
  return sendXml(call, xmlDocument('CopyPartResult', { ETag: etag, LastModified: isoDate(new Date()) }));
}

const bareEtag = (e: string) => e.trim().replace(/^"|"$/g, '');

/**
 * CompleteMultipartUpload: the listed parts, in order, streamed into one new blob, which then
 * becomes the object exactly as a PutObject's would (RLS asked again). The ETag is S3's
 * multipart one: the MD5 of the parts' MD5s, then `-<count>`.
 */
export async function completeMultipartUpload(call: S3Call) {
  const { ctx, storage } = call.env;
  const plan = await planOf(call);
  const upload = await uploadOf(call);
  const listed = xmlItems(await readSmallBody(bodyOf(call), 4 * 1024 * 1024), 'CompleteMultipartUpload', 'Part');
  if (!listed || listed.length === 0) throw S3_ERRORS.malformedXml();
  const stored = new Map((await partsOf(ctx.db, upload.id)).map((p) => [p.part_number, p]));
  const numbers = listed.map((p) => Number(p.PartNumber));
  if (listed.some((p, i) => !Number.isInteger(numbers[i]) || p.ETag === undefined)) throw S3_ERRORS.malformedXml();
  if (numbers.some((n, i) => i > 0 && n <= numbers[i - 1]!)) throw S3_ERRORS.invalidPartOrder();
  const chosen = listed.map((p, i) => {
    const part = stored.get(numbers[i]!);
    if (!part || bareEtag(part.etag) !== bareEtag(p.ETag!)) throw S3_ERRORS.invalidPart();
    return part;
  });
  const options = upload.metadata ?? { contentType: 'application/octet-stream', cacheControl: 'no-cache', userMetadata: null };
  const backend = storage.backend;
  async function* joined() {
    for (const p of chosen) yield* await backend.read(partBlobKey(upload.id, p.part_number, p.version));
  }
  const blob = await storeBlob(backend, plan, Readable.from(joined()), { mimeType: options.contentType, cacheControl: options.cacheControl, contentEncoding: options.contentEncoding }, uploadLimit(ctx, plan));
  const md5s = Buffer.concat(chosen.map((p) => Buffer.from(bareEtag(p.etag), 'hex')));
  blob.metadata.eTag = `"${createHash('md5').update(md5s).digest('hex')}-${chosen.length}"`;
  await commitUpload(ctx, backend, call.req, plan, blob, options.userMetadata);
  await dropUpload(backend, ctx.db, upload.id);
  return sendXml(call, xmlDocument('CompleteMultipartUploadResult', {
    Location: `${call.req.protocol}://${call.req.host}/storage/v1/s3/${plan.bucket.id}/${plan.name}`,
    Bucket: plan.bucket.id,
    Key: plan.name,
    ETag: blob.metadata.eTag,
  }));
}

export async function abortMultipartUpload(call: S3Call) {
  const upload = await uploadOf(call);
  await dropUpload(call.env.storage.backend, call.env.ctx.db, upload.id);
  return call.reply.code(204).send();
}

export async function listParts(call: S3Call) {
  const upload = await uploadOf(call);
  const marker = Number(call.query.get('part-number-marker') ?? 0) || 0;
  const max = Math.min(Math.max(Number(call.query.get('max-parts') ?? 1000) || 1000, 1), 1000);
  const after = (await partsOf(call.env.ctx.db, upload.id)).filter((p) => p.part_number > marker);
  const shown = after.slice(0, max);
  return sendXml(call, xmlDocument('ListPartsResult', {
    Bucket: upload.bucket_id,
    Key: upload.key,
    UploadId: upload.id,
    PartNumberMarker: marker,
    NextPartNumberMarker: shown.at(-1)?.part_number ?? marker,
    MaxParts: max,
    IsTruncated: after.length > max,
    Part: shown.map((p) => ({ PartNumber: p.part_number, LastModified: isoDate(p.created_at), ETag: p.etag, Size: Number(p.size) })),
    StorageClass: 'STANDARD',
  }));
}

/** Uploads in progress under a prefix (a user's session: its own), by key then upload, after the markers. */
export async function listMultipartUploads(call: S3Call) {
  const bucket = (await bucketRow(call)).id;
  const prefix = call.query.get('prefix') ?? '';
  const max = Math.min(Math.max(Number(call.query.get('max-uploads') ?? 1000) || 1000, 1), 1000);
  const keyMarker = call.query.get('key-marker') ?? '';
  const uploadIdMarker = call.query.get('upload-id-marker') ?? '';
  const { caller } = call.principal;
  const mine = caller.role === 'service_role' ? null : (ownerOf(caller).ownerId ?? '');
  // With an upload-id-marker, the marker key's later uploads come first; without, keys after it.
  const { rows } = await call.env.ctx.db.query<{ id: string; key: string; created_at: Date }>(
    `select id, key, created_at from storage.s3_multipart_uploads
      where bucket_id = $1 and starts_with(key, $2) and ($4::text is null or owner_id = $4)
        and (key > $3 or ($6 <> '' and key = $3 and id collate "C" > $6))
      order by key, id collate "C" limit $5`,
    [bucket, prefix, keyMarker, mine, max + 1, uploadIdMarker],
  );
  const shown = rows.slice(0, max);
  const truncated = rows.length > max;
  return sendXml(call, xmlDocument('ListMultipartUploadsResult', {
    Bucket: bucket,
    KeyMarker: keyMarker,
    UploadIdMarker: uploadIdMarker,
    NextKeyMarker: truncated ? shown.at(-1)?.key : undefined,
    NextUploadIdMarker: truncated ? shown.at(-1)?.id : undefined,
    Prefix: prefix,
    MaxUploads: max,
    IsTruncated: truncated,
    Upload: shown.map((u) => ({ Key: u.key, UploadId: u.id, Initiated: isoDate(u.created_at), StorageClass: 'STANDARD' })),
  }));
}
