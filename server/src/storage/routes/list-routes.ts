import type { FastifyPluginAsync } from 'fastify';
import { iso } from '../db/bucket-rows.ts';
import { listV1, listV2, type V2Row } from '../db/list-objects.ts';
import { asCaller, requireCaller } from '../storage-caller.ts';
import { jsonBody, type StorageEnv } from '../storage-env.ts';
import { ERRORS } from '../storage-errors.ts';
import { mustBeValidBucketName } from '../object-keys.ts';

interface Cursor {
  k: string;
  c: 'name' | 'created_at' | 'updated_at';
  o: 'asc' | 'desc';
  a?: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(s: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.k === 'string' && ['name', 'created_at', 'updated_at'].includes(c.c) && ['asc', 'desc'].includes(c.o)) return c;
  } catch {
    // fall through
  }
  throw ERRORS.invalidRequest('Invalid cursor');
}

function bucketOf(params: unknown): string {
  const bucket = (params as { bucket?: string }).bucket;
  mustBeValidBucketName(bucket);
  return bucket;
}

function v2Entry(r: V2Row, bucket: string) {
  if (r.is_folder) return { id: null, key: r.key.replace(/\/$/, ''), name: r.key, bucket_id: bucket };
  return {
    id: r.id,
    key: r.key,
    name: r.key,
    version: r.version,
    bucket_id: bucket,
    updated_at: iso(r.updated_at),
    created_at: iso(r.created_at),
    last_accessed_at: iso(r.last_accessed_at),
    metadata: r.metadata,
  };
}

/** list (one folder level, offset paging) and list-v2 (cursor paging), both under RLS. */
export function listRoutes(env: StorageEnv): FastifyPluginAsync {
  const { ctx } = env;
  return async (app) => {
    app.post('/object/list/:bucket', async (req) => {
      const caller = await requireCaller(ctx, req);
      const bucket = bucketOf(req.params);
      const body = jsonBody(req);
      if (typeof body.prefix !== 'string') throw ERRORS.invalidRequest("body must have required property 'prefix'");
      const prefix = body.prefix === '' || body.prefix.endsWith('/') ? body.prefix : `${body.prefix}/`;
      const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
      const limit = Number.isSafeInteger(body.limit) && (body.limit as number) > 0 ? Math.min(body.limit as number, 1500) : 100;
      const offset = Number.isSafeInteger(body.offset) && (body.offset as number) > 0 ? (body.offset as number) : 0;
      return asCaller(ctx, req, caller, 'storage.object.list', (tx) =>
        listV1(tx, bucket, {
          prefix,
          search: typeof body.search === 'string' ? body.search : '',
          limit,
          offset,
          column: typeof sortBy.column === 'string' ? sortBy.column : 'name',
          desc: String(sortBy.order).toLowerCase() === 'desc',
        }),
      );
    });

    app.post('/object/list-v2/:bucket', async (req) => {
      const caller = await requireCaller(ctx, req);
      const bucket = bucketOf(req.params);
      const body = jsonBody(req);
      const limit = Number.isSafeInteger(body.limit) && (body.limit as number) > 0 ? Math.min(body.limit as number, 1000) : 1000;
      const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
      const cursor = typeof body.cursor === 'string' && body.cursor !== '' ? decodeCursor(body.cursor) : undefined;
      const column = cursor?.c ?? (sortBy.column === 'created_at' || sortBy.column === 'updated_at' ? sortBy.column : 'name');
      const order = cursor?.o ?? (sortBy.order?.toLowerCase() === 'desc' ? 'desc' : 'asc');
      const rows = await asCaller(ctx, req, caller, 'storage.object.list_v2', (tx) =>
        listV2(tx, bucket, {
          prefix: typeof body.prefix === 'string' ? body.prefix : '',
          delimiter: body.with_delimiter === true,
          limit,
          column,
          desc: order === 'desc',
          afterKey: cursor?.k,
          afterValue: cursor?.a,
        }),
      );
      const hasNext = rows.length > limit;
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const entries = page.map((r) => v2Entry(r, bucket));
      return {
        hasNext,
        ...(hasNext && last
          ? { nextCursor: encodeCursor({ k: last.key, c: column, o: order, a: last.cursor_value ?? undefined }), nextCursorKey: last.key }
          : {}),
        folders: entries.filter((e) => e.id === null),
        objects: entries.filter((e) => e.id !== null),
      };
    });
  };
}
