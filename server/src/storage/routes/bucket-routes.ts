import type { FastifyPluginAsync } from 'fastify';
import { blobKey } from '../backend/storage-backend.ts';
import { BUCKET_COLUMNS, bucketJson, type BucketRow } from '../db/bucket-rows.ts';
import { parseAllowedMimeTypes, parseBucketSizeLimit } from '../limits.ts';
import { mustBeValidBucketName } from '../object-keys.ts';
import { asCaller, ownerOf, requireCaller } from '../storage-caller.ts';
import { jsonBody, type StorageEnv } from '../storage-env.ts';
import { ERRORS, StorageError } from '../storage-errors.ts';

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function intParam(v: unknown): number | undefined {
  const n = typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

function bucketIdOf(params: unknown): string {
  const id = (params as { id?: string }).id;
  mustBeValidBucketName(id);
  return id;
}

/** Buckets: every statement under the caller's role, so `storage.buckets` policies decide. */
export function bucketRoutes(env: StorageEnv): FastifyPluginAsync {
  const { ctx } = env;
  return async (app) => {
    app.get('/bucket', async (req) => {
      const caller = await requireCaller(ctx, req);
      const q = req.query as Record<string, string | undefined>;
      const params: unknown[] = [];
      let sql = `select ${BUCKET_COLUMNS} from storage.buckets`;
      if (q.search) {
        params.push(`%${escapeLike(q.search)}%`);
        sql += ` where name ilike $${params.length}`;
      }
      const column = q.sortColumn && SORT_COLUMNS.has(q.sortColumn) ? q.sortColumn : 'name';
      sql += ` order by ${column} ${q.sortOrder?.toLowerCase() === 'desc' ? 'desc' : 'asc'}`;
      const limit = intParam(q.limit);
      const offset = intParam(q.offset);
      if (limit !== undefined) sql += ` limit $${params.push(limit)}`;
      if (offset !== undefined) sql += ` offset $${params.push(offset)}`;
      const rows = await asCaller(ctx, req, caller, 'storage.bucket.list', async (tx) => (await tx.query<BucketRow>(sql, params)).rows);
      return rows.map(bucketJson);
    });

    app.get('/bucket/:id', async (req) => {
      const caller = await requireCaller(ctx, req);
      const id = bucketIdOf(req.params);
      const row = await asCaller(ctx, req, caller, 'storage.bucket.get', async (tx) =>
        (await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0],
      );
      if (!row) throw ERRORS.noSuchBucket();
      // Upstream selects no `type` here (only listBuckets has it); storage-js's snapshot expects that.
      const { type: _type, ...bucket } = bucketJson(row);
      return bucket;
    });

    app.post('/bucket', async (req) => {
      const caller = await requireCaller(ctx, req);
      const body = jsonBody(req);
      const name = typeof body.name === 'string' ? body.name : undefined;
      if (name === undefined) throw ERRORS.invalidRequest("body must have required property 'name'");
      const id = typeof body.id === 'string' ? body.id : name;
      mustBeValidBucketName(name);
      mustBeValidBucketName(id);
      if (body.type !== undefined && body.type !== 'STANDARD') {
        throw new StorageError(409, 'FeatureNotEnabled', `The feature ${String(body.type).toLowerCase()} buckets is not enabled for this resource`);
      }
      const limit = parseBucketSizeLimit(body.file_size_limit, ctx.config.storageFileSizeLimit) ?? null;
      const mimes = parseAllowedMimeTypes(body.allowed_mime_types) ?? null;
      const { owner, ownerId } = ownerOf(caller);
      await asCaller(ctx, req, caller, 'storage.bucket.create', (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
           values ($1, $2, $3, $4, $5, $6, $7::text[])`,
          [id, name, owner, ownerId, body.public === true, limit, mimes],
        ),
      );
      return { name: id };
    });

    app.put('/bucket/:id', async (req) => {
      const caller = await requireCaller(ctx, req);
      const id = bucketIdOf(req.params);
      const body = jsonBody(req);
      const sets: string[] = [];
      const params: unknown[] = [id];
      if (typeof body.public === 'boolean') sets.push(`public = $${params.push(body.public)}`);
      const limit = parseBucketSizeLimit(body.file_size_limit, ctx.config.storageFileSizeLimit);
      if (limit !== undefined) sets.push(`file_size_limit = $${params.push(limit)}`);
      const mimes = parseAllowedMimeTypes(body.allowed_mime_types);
      if (mimes !== undefined) sets.push(`allowed_mime_types = $${params.push(mimes)}::text[]`);
      if (sets.length === 0) throw ERRORS.noContent();
      const updated = await asCaller(ctx, req, caller, 'storage.bucket.update', async (tx) =>
        (await tx.query(`update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $1 returning id`, params)).rows.length,
      );
      if (!updated) throw ERRORS.noSuchBucket();
      return { message: 'Successfully updated' };
    });

    // Synchronous here (upstream queues it): rows go under RLS, then their blobs. The message is
    // upstream's current one, which clients pass through and storage-js snapshots.
    app.post('/bucket/:id/empty', async (req) => {
      const caller = await requireCaller(ctx, req);
      const id = bucketIdOf(req.params);
      const deleted = await asCaller(ctx, req, caller, 'storage.bucket.empty', async (tx) => {
        const found = await tx.query('select 1 from storage.buckets where id = $1', [id]);
        if (found.rows.length === 0) throw ERRORS.noSuchBucket();
        return (await tx.query<{ name: string; version: string | null }>(
          'delete from storage.objects where bucket_id = $1 returning name, version',
          [id],
        )).rows;
      });
      await env.backend.delete(deleted.filter((r) => r.version).map((r) => blobKey(id, r.name, r.version!)));
      return { message: 'Empty bucket has been queued. Completion may take up to an hour.' };
    });

    app.delete('/bucket/:id', async (req) => {
      const caller = await requireCaller(ctx, req);
      const id = bucketIdOf(req.params);
      await asCaller(ctx, req, caller, 'storage.bucket.delete', async (tx) => {
        const found = await tx.query('select 1 from storage.buckets where id = $1', [id]);
        if (found.rows.length === 0) throw ERRORS.noSuchBucket();
      });
      // Counted by the server: objects the caller cannot see still keep the bucket (the
      // foreign key would refuse the delete anyway; this gives upstream's message first).
      const objects = await ctx.db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
      if (objects.rows.length > 0) throw ERRORS.bucketNotEmpty();
      const gone = await asCaller(ctx, req, caller, 'storage.bucket.delete', async (tx) =>
        (await tx.query('delete from storage.buckets where id = $1 returning id', [id])).rows.length,
      );
      if (!gone) throw ERRORS.noSuchBucket();
      return { message: 'Successfully deleted' };
    });
  };
}
