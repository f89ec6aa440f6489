import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../config/config-schema.ts';
import type { SeedBucketConfig } from '../config/storage-config.ts';
import type { Db } from '../db/db-types.ts';
import { createBackend } from './backend/create-backend.ts';
import { blobKey, type StorageBackend } from './backend/storage-backend.ts';
import { currentVersion, writeObjectRow, type ObjectMetadata } from './db/object-rows.ts';
import { effectiveSizeLimit, mustBeAllowedMimeType } from './limits.ts';
import { keyProblem } from './object-keys.ts';

/** The types the CLI's upload recognises by extension; anything else is sent as bytes. */
const MIME_BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
};
/** The CLI uploads with storage-js's default cache lifetime. */
const CACHE_CONTROL = 'max-age=3600';

export interface SeedBucketsResult {
  buckets: number;
  uploaded: number;
  unchanged: number;
}

export class SeedBucketsError extends Error {}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .DS_Store, .gitkeep
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort();
}

async function upsertBucket(db: Db, name: string, b: SeedBucketConfig, globalLimit: number): Promise<{ limit: number; allowed: string[] | null }> {
  const limit = b.fileSizeLimit ?? globalLimit;
  const allowed = b.allowedMimeTypes && b.allowedMimeTypes.length > 0 ? b.allowedMimeTypes : null;
  await db.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
     on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
       allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
    [name, b.public ?? false, limit, allowed],
  );
  return { limit: effectiveSizeLimit(globalLimit, limit), allowed };
}

/** Uploads one file unless the object already holds exactly these bytes. Returns whether it wrote. */
async function upsertObject(db: Db, backend: StorageBackend, bucket: string, key: string, bytes: Buffer, mimetype: string): Promise<boolean> {
  const eTag = `"${createHash('md5').update(bytes).digest('hex')}"`;
  const { rows } = await db.query<{ etag: string | null; mimetype: string | null }>(
    `select metadata->>'eTag' as etag, metadata->>'mimetype' as mimetype from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  if (rows[0]?.etag === eTag && rows[0].mimetype === mimetype) return false;
  const previous = await currentVersion(db, bucket, key);
  const version = randomUUID();
  await backend.put(blobKey(bucket, key, version), Readable.from([bytes]), { contentType: mimetype, cacheControl: CACHE_CONTROL });
  const metadata: ObjectMetadata = {
    eTag,
    size: bytes.length,
    mimetype,
    cacheControl: CACHE_CONTROL,
    lastModified: new Date().toISOString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
  await writeObjectRow(db, { bucket, name: key, owner: null, ownerId: null, version, metadata, userMetadata: null }, true);
  if (previous && previous !== version) await backend.delete([blobKey(bucket, key, previous)]).catch(() => {});
  return true;
}

/**
 * What `supabase seed buckets` does (and `supabase start` / `db reset` on a fresh database): each
 * `[storage.buckets.<name>]` of config.toml is created or updated, and every file under its
 * `objects_path` is uploaded to `<name>/<path relative to objects_path>`, replacing what is there.
 * Files whose bytes the object already holds are skipped, so running it again changes nothing.
 * The bucket's MIME types and size limit apply, as they would to the CLI's upload.
 * `onlyMissing`: only the buckets that do not exist yet (a start without seed.sql, decision 0221).
 */
export async function seedBuckets(db: Db, config: Config, backend?: StorageBackend, opts: { onlyMissing?: boolean } = {}): Promise<SeedBucketsResult> {
  const result: SeedBucketsResult = { buckets: 0, uploaded: 0, unchanged: 0 };
  let entries = Object.entries(config.storageBuckets);
  if (opts.onlyMissing && entries.length > 0) {
    const { rows } = await db.query<{ id: string }>('select id from storage.buckets where id = any($1)', [entries.map(([name]) => name)]);
    const present = new Set(rows.map((r) => r.id));
    entries = entries.filter(([name]) => !present.has(name));
  }
  if (entries.length === 0) return result;
  const store = backend ?? (await createBackend(config));
  try {
    for (const [name, b] of entries) {
      const { limit, allowed } = await upsertBucket(db, name, b, config.storageFileSizeLimit);
      result.buckets++;
      if (!b.objectsPath) continue;
      const dir = resolve(config.project, b.objectsPath);
      let files: string[];
      try {
        files = filesUnder(dir);
      } catch (err) {
        throw new SeedBucketsError(`[storage.buckets.${name}] objects_path: ${(err as Error).message}`);
      }
      for (const file of files) {
        const key = relative(dir, file).split(sep).join('/');
        const problem = keyProblem(key);
        if (problem) throw new SeedBucketsError(`${file}: ${problem}`);
        const mimetype = MIME_BY_EXTENSION[extname(file).toLowerCase()] ?? 'application/octet-stream';
        try {
          mustBeAllowedMimeType(mimetype, allowed);
        } catch {
          throw new SeedBucketsError(`${file}: bucket ${name} does not accept ${mimetype}`);
        }
        const bytes = readFileSync(file);
        if (bytes.length > limit) throw new SeedBucketsError(`${file}: ${bytes.length} bytes is over bucket ${name}'s limit of ${limit}`);
        if (await upsertObject(db, store, name, key, bytes, mimetype)) result.uploaded++;
        else result.unchanged++;
      }
    }
  } finally {
    if (!backend) await store.close();
  }
  return result;
}

/**
 * What `start` does with config.toml's buckets once the database is prepared: after a seed, every
 * bucket and its files (as `supabase start` uploads them); without one, the buckets still missing
 * (issue 22, item 5), unless seeding is off for this start. Shared by the one-process server and
 * the cluster's primary, which prepares the database for its workers.
 */
export async function seedBucketsOnStart(db: Db, config: Config, seeded: boolean, seed: boolean | undefined): Promise<void> {
  if (seeded) await seedBuckets(db, config);
  else if (seed !== false) await seedBuckets(db, config, undefined, { onlyMissing: true });
}
