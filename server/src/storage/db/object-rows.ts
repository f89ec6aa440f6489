import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db-types.ts';
import { iso } from './bucket-rows.ts';

/** The system metadata Storage keeps in `storage.objects.metadata`. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
  contentEncoding?: string;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  last_accessed_at: Date | string | null;
}

const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** One object, as `q` may see it (under a role, RLS filters it). */
export async function findObject(q: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await q.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows[0];
}

export interface NewObject {
  bucket: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  version: string;
  metadata: Partial<ObjectMetadata>;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Inserts the row, or with `upsert` replaces it (INSERT … ON CONFLICT DO UPDATE, so RLS needs
 * INSERT, and SELECT + UPDATE when the object exists, as on Supabase). Returns the id.
 *
 * A plain insert names its id and returns nothing: `insert … returning` makes Postgres apply
 * the table's SELECT policies to the new row, and on Supabase an INSERT policy alone allows
 * `upload()` without upsert (issue 22, item 4; decision 0220).
 */
export async function writeObjectRow(q: Queryable, o: NewObject, upsert: boolean): Promise<string> {
  const values = [o.bucket, o.name, o.owner, o.ownerId, o.version, JSON.stringify(o.metadata), o.userMetadata === null ? null : JSON.stringify(o.userMetadata)];
  if (!upsert) {
    const id = randomUUID();
    await q.query(
      `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
       values ($8, $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
      [...values, id],
    );
    return id;
  }
  const { rows } = await q.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)
     on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
       version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
       updated_at = now(), last_accessed_at = now()
     returning id`,
    values,
  );
  return rows[0]!.id;
}

/** The version a row has now, read by the server: which blob to drop after it is replaced. */
export async function currentVersion(q: Queryable, bucket: string, name: string): Promise<string | undefined> {
  const { rows } = await q.query<{ version: string | null }>(
    'select version from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  );
  return rows[0]?.version ?? undefined;
}

/** A row as remove() and list() return it (`name` is the full key). */
export function objectJson(row: ObjectRow) {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner ?? '',
    owner_id: row.owner_id ?? undefined,
    version: row.version,
    id: row.id,
    updated_at: iso(row.updated_at),
    created_at: iso(row.created_at),
    last_accessed_at: iso(row.last_accessed_at),
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  };
}

/** `info()`: Storage's FileObjectV2 shape. */
export function objectInfoJson(row: ObjectRow) {
  const m = row.metadata;
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: m?.size ?? null,
    content_type: m?.mimetype ?? null,
    cache_control: m?.cacheControl ?? null,
    content_encoding: m?.contentEncoding ?? null,
    etag: m?.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: iso(row.updated_at),
    created_at: iso(row.created_at),
  };
}
