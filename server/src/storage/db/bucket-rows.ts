import type { Queryable } from '../../db/db-types.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  type: string;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

export const BUCKET_COLUMNS =
  'id, name, owner, owner_id, public, type::text as type, file_size_limit, allowed_mime_types, created_at, updated_at';

export function iso(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v.toISOString() : new Date(v).toISOString();
}

/** A bucket as Storage's JSON has it (file_size_limit a number; int8 arrives as a string). */
export function bucketJson(row: BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    owner_id: row.owner_id ?? undefined,
    public: row.public === true,
    type: row.type,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The bucket's settings, read by the server itself: upload limits apply whatever RLS lets callers see. */
export async function findBucket(q: Queryable, id: string): Promise<BucketRow | undefined> {
  const { rows } = await q.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0];
}

export function bucketLimit(row: BucketRow): number | null {
  return row.file_size_limit === null ? null : Number(row.file_size_limit);
}
