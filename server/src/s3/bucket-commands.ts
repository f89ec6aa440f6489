import { blobKey } from '../storage/backend/storage-backend.ts';
import { ownerOf, asCaller } from '../storage/storage-caller.ts';
import { readSmallBody } from './s3-body.ts';
import { S3_ERRORS } from './s3-errors.ts';
import { bodyOf, bucketOf, header, isoDate, sendXml, type S3Call } from './s3-env.ts';
import { escapeXml, xmlDocument } from './s3-xml.ts';
import { dropUploadsOf } from './multipart-store.ts';

const OWNER = { ID: 'supabase', DisplayName: 'supabase' };

/** Bucket visible to the caller (under RLS for a session token)? */
async function visibleBucket(call: S3Call, bucket: string, operation: string): Promise<boolean> {
  const { ctx } = call.env;
  return asCaller(ctx, call.req, call.principal.caller, operation, async (tx) =>
    (await tx.query('select 1 from storage.buckets where id = $1', [bucket])).rows.length > 0,
  );
}

export async function listBuckets(call: S3Call) {
  const { ctx } = call.env;
  const rows = await asCaller(ctx, call.req, call.principal.caller, 'storage.s3.bucket.list', async (tx) =>
    (await tx.query<{ id: string; created_at: Date | null }>('select id, created_at from storage.buckets order by id collate "C"')).rows,
  );
  return sendXml(call, xmlDocument('ListAllMyBucketsResult', {
    Owner: OWNER,
    Buckets: { Bucket: rows.map((r) => ({ Name: r.id, CreationDate: isoDate(r.created_at) })) },
  }));
}

/** CreateBucket: private, or public with a `public-read` ACL; its CreateBucketConfiguration (a location) is read and ignored. */
export async function createBucket(call: S3Call) {
  const { ctx } = call.env;
  const bucket = bucketOf(call);
  await readSmallBody(bodyOf(call));
  // A canned ACL says whether anyone may read: Storage's public bucket, as upstream maps it.
  const acl = header(call, 'x-amz-acl') ?? 'private';
  if (!['private', 'public-read', 'public-read-write'].includes(acl)) throw S3_ERRORS.notImplemented(`The canned ACL ${acl}`);
  const isPublic = acl !== 'private';
  const { owner, ownerId } = ownerOf(call.principal.caller);
  const exists = await ctx.db.query('select 1 from storage.buckets where id = $1', [bucket]);
  if (exists.rows.length > 0) throw S3_ERRORS.bucketExists();
  await asCaller(ctx, call.req, call.principal.caller, 'storage.s3.bucket.create', (tx) =>
    tx.query('insert into storage.buckets (id, name, owner, owner_id, public) values ($1, $1, $2, $3, $4)', [bucket, owner, ownerId, isPublic]),
  );
  return call.reply.code(200).header('location', `/${bucket}`).send();
}

/** DeleteBucket: only when empty (counted by the server, as the REST route does); uploads in progress go with it. */
export async function deleteBucket(call: S3Call) {
  const { ctx, storage } = call.env;
  const bucket = bucketOf(call);
  if (!(await visibleBucket(call, bucket, 'storage.s3.bucket.delete'))) throw S3_ERRORS.noSuchBucket();
  const objects = await ctx.db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [bucket]);
  if (objects.rows.length > 0) throw S3_ERRORS.bucketNotEmpty();
  await dropUploadsOf(storage.backend, ctx.db, bucket);
  const gone = await asCaller(ctx, call.req, call.principal.caller, 'storage.s3.bucket.delete', async (tx) =>
    (await tx.query('delete from storage.buckets where id = $1 returning id', [bucket])).rows.length,
  );
  if (!gone) throw S3_ERRORS.accessDenied();
  return call.reply.code(204).send();
}

export async function headBucket(call: S3Call) {
  const bucket = bucketOf(call);
  if (!(await visibleBucket(call, bucket, 'storage.s3.bucket.head'))) throw S3_ERRORS.noSuchBucket();
  return call.reply.code(200).header('x-amz-bucket-region', call.env.keys.region).send();
}

export async function bucketLocation(call: S3Call) {
  const bucket = bucketOf(call);
  if (!(await visibleBucket(call, bucket, 'storage.s3.bucket.location'))) throw S3_ERRORS.noSuchBucket();
  const region = escapeXml(call.env.keys.region);
  return sendXml(call, `<?xml version="1.0" encoding="UTF-8"?>\n<LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${region}</LocationConstraint>`);
}

/** Versioning is never on here (as on Supabase): an empty configuration. */
export async function bucketVersioning(call: S3Call) {
  const bucket = bucketOf(call);
  if (!(await visibleBucket(call, bucket, 'storage.s3.bucket.versioning'))) throw S3_ERRORS.noSuchBucket();
  return sendXml(call, xmlDocument('VersioningConfiguration', {}));
}

/** Blobs of rows just deleted, dropped after the rows (a failure only leaves an orphan blob). */
export async function dropBlobs(call: S3Call, bucket: string, rows: { name: string; version: string | null }[]) {
  await call.env.storage.backend
    .delete(rows.filter((r) => r.version).map((r) => blobKey(bucket, r.name, r.version!)))
    .catch((err) => call.env.ctx.log.warn({ err }, 's3: could not drop removed blobs'));
}
