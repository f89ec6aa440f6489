import type { Queryable } from '../db/db-types.ts';
import type { StorageBackend } from '../storage/backend/storage-backend.ts';

/**
 * Multipart uploads in progress: rows in storage.s3_multipart_uploads(_parts), read and written
 * by the server itself (RLS was checked when the upload began, and is again when it completes),
 * and each part's bytes as a blob under `~s3-multipart/` (`~` starts no bucket name).
 */

export interface UploadRow {
  id: string;
  bucket_id: string;
  key: string;
  owner_id: string | null;
  in_progress_size: string | number;
  created_at: Date | string;
  metadata: UploadOptions | null;
}

/** What CreateMultipartUpload said about the object-to-be, kept for CompleteMultipartUpload. */
export interface UploadOptions {
  contentType: string;
  cacheControl: string;
  contentEncoding?: string;
  userMetadata: Record<string, string> | null;
}

export interface PartRow {
  part_number: number;
  size: string | number;
  etag: string;
  version: string;
  created_at: Date | string;
}

export function partBlobKey(uploadId: string, partNumber: number, version: string): string {
  return `~s3-multipart/${uploadId}/${partNumber}-${version}`;
}

export async function findUpload(db: Queryable, bucket: string, key: string, uploadId: string): Promise<UploadRow | undefined> {
  const { rows } = await db.query<UploadRow>(
    'select id, bucket_id, key, owner_id, in_progress_size, created_at, metadata from storage.s3_multipart_uploads where id = $1 and bucket_id = $2 and key = $3',
    [uploadId, bucket, key],
  );
  return rows[0];
}

export async function partsOf(db: Queryable, uploadId: string): Promise<PartRow[]> {
  const { rows } = await db.query<PartRow>(
    'select part_number, size, etag, version, created_at from storage.s3_multipart_uploads_parts where upload_id = $1 order by part_number, created_at',
    [uploadId],
  );
  return rows;
}

/** Drops an upload's rows and its parts' blobs (abort, complete, a deleted bucket). */
export async function dropUpload(backend: StorageBackend, db: Queryable, uploadId: string): Promise<boolean> {
  const parts = await partsOf(db, uploadId);
  const { rows } = await db.query('delete from storage.s3_multipart_uploads where id = $1 returning id', [uploadId]);
  await backend.delete(parts.map((p) => partBlobKey(uploadId, p.part_number, p.version))).catch(() => {});
  return rows.length > 0;
}

export async function dropUploadsOf(backend: StorageBackend, db: Queryable, bucket: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>('select id from storage.s3_multipart_uploads where bucket_id = $1', [bucket]);
  for (const r of rows) await dropUpload(backend, db, r.id);
}
