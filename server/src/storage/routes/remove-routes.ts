import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Caller } from '../../http/resolve-caller.ts';
import { blobKey } from '../backend/storage-backend.ts';
import { objectJson, type ObjectRow } from '../db/object-rows.ts';
import { mustBeValidBucketName } from '../object-keys.ts';
import { asCaller, requireCaller } from '../storage-caller.ts';
import { jsonBody, targetOf, type StorageEnv } from '../storage-env.ts';
import { ERRORS } from '../storage-errors.ts';

const MAX_PER_REQUEST = 1000;

/** storage-js sends names; newer clients may send `{path, versionId}` or `{name}` objects. */
function namesOf(prefixes: unknown): string[] {
  if (!Array.isArray(prefixes)) throw ERRORS.invalidRequest("body must have required property 'prefixes'");
  if (prefixes.length > MAX_PER_REQUEST) throw ERRORS.invalidRequest(`At most ${MAX_PER_REQUEST} objects can be deleted per request.`);
  return prefixes.map((p) => {
    if (typeof p === 'string') return p;
    const o = p as { path?: unknown; name?: unknown } | null;
    if (o && typeof o.path === 'string') return o.path;
    if (o && typeof o.name === 'string') return o.name;
    throw ERRORS.invalidRequest('body/prefixes must be an array of names');
  });
}

/**
 * Deletes the rows RLS lets the caller delete (SELECT + DELETE policies), then their blobs.
 * Names that are missing or hidden are simply not in the result, as upstream.
 */
async function removeObjects(env: StorageEnv, req: FastifyRequest, caller: Caller, bucket: string, names: string[], op: string) {
  const rows = await asCaller(env.ctx, req, caller, op, async (tx) =>
    (await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`,
      [bucket, names],
    )).rows,
  );
  await env.backend
    .delete(rows.filter((r) => r.version).map((r) => blobKey(bucket, r.name, r.version!)))
    .catch((err) => env.ctx.log.warn({ err }, 'storage: could not drop removed blobs'));
  return rows;
}

export function removeRoutes(env: StorageEnv): FastifyPluginAsync {
  const { ctx } = env;
  return async (app) => {
    app.delete('/object/:bucket', async (req) => {
      const caller = await requireCaller(ctx, req);
      const bucket = (req.params as { bucket?: string }).bucket;
      mustBeValidBucketName(bucket);
      const names = namesOf(jsonBody(req).prefixes);
      if (names.length === 0) return [];
      const rows = await removeObjects(env, req, caller, bucket, names, 'storage.object.delete_many');
      return rows.map(objectJson);
    });

    app.delete('/object/:bucket/*', async (req) => {
      const caller = await requireCaller(ctx, req);
      const { bucket, name } = targetOf(req);
      const rows = await removeObjects(env, req, caller, bucket, [name], 'storage.object.delete');
      if (rows.length === 0) throw ERRORS.noSuchKey();
      return { message: 'Successfully deleted' };
    });
  };
}
