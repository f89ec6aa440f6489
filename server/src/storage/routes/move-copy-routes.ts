import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db-types.ts';
import { blobKey } from '../backend/storage-backend.ts';
import { findBucket } from '../db/bucket-rows.ts';
import { currentVersion, findObject, writeObjectRow, type ObjectRow } from '../db/object-rows.ts';
import { mustBeValidBucketName, mustBeValidKey } from '../object-keys.ts';
import { asCaller, ownerOf, probeAsCaller, requireCaller } from '../storage-caller.ts';
import { jsonBody, type StorageEnv } from '../storage-env.ts';
import { ERRORS } from '../storage-errors.ts';
import { userMetadataHeader } from '../upload/read-upload-body.ts';

interface Transfer {
  bucket: string;
  sourceKey: string;
  destBucket: string;
  destKey: string;
  body: Record<string, unknown>;
}

/** The body move() and copy() send: `{bucketId, sourceKey, destinationKey, destinationBucket?}`. */
async function transferOf(env: StorageEnv, req: FastifyRequest): Promise<Transfer> {
  const body = jsonBody(req);
  const { bucketId, sourceKey, destinationKey } = body;
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string') {
    throw ERRORS.invalidRequest("body must have required properties 'bucketId', 'sourceKey' and 'destinationKey'");
  }
  const destBucket = typeof body.destinationBucket === 'string' && body.destinationBucket !== '' ? body.destinationBucket : bucketId;
  mustBeValidBucketName(bucketId);
  mustBeValidBucketName(destBucket);
  mustBeValidKey(destinationKey);
  if (destBucket !== bucketId && !(await findBucket(env.ctx.db, destBucket))) throw ERRORS.noSuchBucket();
  return { bucket: bucketId, sourceKey, destBucket, destKey: destinationKey, body };
}

function moveRow(tx: Queryable, t: Transfer, version: string, owner: ReturnType<typeof ownerOf>, fromVersion: string | null) {
  return tx.query<{ id: string }>(
    `update storage.objects set bucket_id = $3, name = $4, version = $5, owner = $6, owner_id = $7, updated_at = now()
     where bucket_id = $1 and name = $2 and version is not distinct from $8 returning id`,
    [t.bucket, t.sourceKey, t.destBucket, t.destKey, version, owner.owner, owner.ownerId, fromVersion],
  );
}

/**
 * move (SELECT + UPDATE under RLS) and copy (SELECT on the source, INSERT — and with x-upsert
 * UPDATE — on the destination). Each is tried under RLS first, then the blob is copied to a
 * new version, then the row is written under RLS again; the old blob goes last.
 */
export function moveCopyRoutes(env: StorageEnv): FastifyPluginAsync {
  const { ctx, backend } = env;
  return async (app) => {
    app.post('/object/move', async (req) => {
      const caller = await requireCaller(ctx, req);
      const t = await transferOf(env, req);
      const owner = ownerOf(caller);
      const op = 'storage.object.move';
      const source = await asCaller(ctx, req, caller, op, (tx) => findObject(tx, t.bucket, t.sourceKey));
      if (!source) throw ERRORS.noSuchKey();
      if (t.bucket === t.destBucket && t.sourceKey === t.destKey) return { message: 'Successfully moved', Id: source.id, Key: `${t.destBucket}/${t.destKey}` };
      await probeAsCaller(ctx, req, caller, op, async (tx) => {
        if ((await moveRow(tx, t, 'probe', owner, source.version)).rows.length === 0) throw ERRORS.noSuchKey();
      });
      const version = randomUUID();
      const dest = blobKey(t.destBucket, t.destKey, version);
      if (source.version) await backend.copy(blobKey(t.bucket, t.sourceKey, source.version), dest);
      let id: string;
      try {
        const moved = await asCaller(ctx, req, caller, op, (tx) => moveRow(tx, t, version, owner, source.version));
        if (moved.rows.length === 0) throw ERRORS.noSuchKey();
        id = moved.rows[0]!.id;
      } catch (err) {
        await backend.delete([dest]).catch(() => {});
        throw err;
      }
      if (source.version) await backend.delete([blobKey(t.bucket, t.sourceKey, source.version)]).catch(() => {});
      return { message: 'Successfully moved', Id: id, Key: `${t.destBucket}/${t.destKey}` };
    });

    app.post('/object/copy', async (req) => {
      const caller = await requireCaller(ctx, req);
      const t = await transferOf(env, req);
      const upsert = String(req.headers['x-upsert']).toLowerCase() === 'true';
      const op = 'storage.object.copy';
      const source: ObjectRow | undefined = await asCaller(ctx, req, caller, op, (tx) => findObject(tx, t.bucket, t.sourceKey));
      if (!source || !source.version) throw ERRORS.noSuchKey();
      // Upstream's copyObject: with copyMetadata (the default) the copy keeps the source's user
      // metadata; without, it takes the `x-metadata` header's, and the body's `metadata`
      // ({cacheControl, mimetype}) replaces those two file attributes, the rest kept.
      const keepMetadata = t.body.copyMetadata !== false;
      const userMetadata = keepMetadata ? source.user_metadata : userMetadataHeader(req);
      const fileMetadata = { ...source.metadata };
      const given = t.body.metadata as Record<string, unknown> | undefined;
      if (!keepMetadata && given && typeof given === 'object') {
        if (typeof given.cacheControl === 'string') fileMetadata.cacheControl = given.cacheControl;
        if (typeof given.mimetype === 'string') fileMetadata.mimetype = given.mimetype;
      }
      const { owner, ownerId } = ownerOf(caller);
      const row = (version: string) => ({
        bucket: t.destBucket, name: t.destKey, owner, ownerId, version, metadata: fileMetadata, userMetadata,
      });
      await probeAsCaller(ctx, req, caller, op, (tx) => writeObjectRow(tx, row('probe'), upsert));
      const version = randomUUID();
      const dest = blobKey(t.destBucket, t.destKey, version);
      await backend.copy(blobKey(t.bucket, t.sourceKey, source.version), dest);
      const previous = upsert ? await currentVersion(ctx.db, t.destBucket, t.destKey) : undefined;
      let id: string;
      try {
        const metadata = { ...fileMetadata, lastModified: new Date().toISOString() };
        id = await asCaller(ctx, req, caller, op, (tx) => writeObjectRow(tx, { ...row(version), metadata }, upsert));
      } catch (err) {
        await backend.delete([dest]).catch(() => {});
        throw err;
      }
      if (previous && previous !== version) await backend.delete([blobKey(t.destBucket, t.destKey, previous)]).catch(() => {});
      return { Id: id, Key: `${t.destBucket}/${t.destKey}`, name: t.destKey, bucket_id: t.destBucket };
    });
  };
}
