import * as z from 'zod';

/**
 * Storage settings, kept apart from the shared config files: those only spread these in.
 * `storage` itself (a folder or `s3://bucket[/prefix]`) stays in the shared schema.
 */

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/** Bytes from a number or "50MiB" / "20MB" / "30KB" / "3B" (MB decimal, MiB binary, as the CLI writes it). */
export function parseByteSize(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|kib|mib|gib)?\s*$/i.exec(value);
  if (!m) return undefined;
  const bytes = Math.floor(Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]!);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

const byteSize = z.union([z.number(), z.string()]).transform((v, c) => {
  const n = parseByteSize(v);
  if (n === undefined || n < 1) {
    c.addIssue({ code: 'custom', message: 'must be a size such as 52428800, "50MiB" or "500MB"' });
    return z.NEVER;
  }
  return n;
});

const onOff = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' })])
  .transform((v) => v === true || v === 'true' || v === '1');

/** `[storage.buckets.<name>]`: a bucket `supabase seed buckets` creates, and the folder it uploads into it. */
const seedBucket = z.object({
  public: onOff.optional(),
  fileSizeLimit: byteSize.optional(),
  allowedMimeTypes: z.array(z.string().min(1), { error: 'must be a list of MIME types' }).optional(),
  /** Relative to the project folder, as the CLI resolves it. */
  objectsPath: z.string().min(1).optional(),
});

export type SeedBucketConfig = z.output<typeof seedBucket>;

export const storageConfigFields = {
  /** Global upload limit; a bucket's own limit can only lower it. The CLI's `[storage] file_size_limit`. */
  storageFileSizeLimit: byteSize,
  /** S3-compatible endpoint for `--storage s3://…` (MinIO, R2, s3rver…); unset = AWS. */
  storageS3Endpoint: z.url({ error: 'must be a URL' }).optional(),
  storageS3Region: z.string().min(1),
  storageS3AccessKeyId: z.string().min(1).optional(),
  storageS3SecretAccessKey: z.string().min(1).optional(),
  /** Path-style addressing (`endpoint/bucket/key`), needed by most self-hosted S3 servers. */
  storageS3ForcePathStyle: onOff.optional(),
  /** Lifetime of `createSignedUploadUrl` tokens, seconds (hosted Supabase: 2 hours). */
  storageSignedUploadExpiry: z.coerce.number({ error: 'must be a number' }).int().min(1).max(7 * 86400),
  /** Key for signed URL tokens; unset = derived from the JWT secret (so they never pass as auth tokens). */
  storageUrlSigningKey: z.string().min(32, 'must be at least 32 characters').optional(),
  /** `/render/image/*` on (the CLI's `[storage.image_transformation] enabled`); off, those routes are 404 as upstream. */
  storageImageTransformation: onOff,
  /** Buckets and their seed files from config.toml, uploaded when the seed runs (see storage/seed-buckets.ts). */
  storageBuckets: z.record(z.string(), seedBucket),
  /** `/storage/v1/s3` on (the CLI's `[storage.s3_protocol] enabled`); off, those routes are 404. */
  storageS3Protocol: onOff,
  /** The S3 protocol's access key pair; unset = the CLI's local pair, or one derived from a custom JWT secret (s3/s3-keys.ts). */
  s3ProtocolAccessKeyId: z.string().min(8, 'must be at least 8 characters').optional(),
  s3ProtocolAccessKeySecret: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The region S3 clients sign for (`local` on the CLI's stack). */
  s3ProtocolRegion: z.string().min(1),
};

export const STORAGE_ENV_NAMES = {
  storageFileSizeLimit: 'GATHER_STORAGE_FILE_SIZE_LIMIT',
  storageS3Endpoint: 'GATHER_STORAGE_S3_ENDPOINT',
  storageS3Region: 'GATHER_STORAGE_S3_REGION',
  storageS3AccessKeyId: 'GATHER_STORAGE_S3_ACCESS_KEY_ID',
  storageS3SecretAccessKey: 'GATHER_STORAGE_S3_SECRET_ACCESS_KEY',
  storageS3ForcePathStyle: 'GATHER_STORAGE_S3_FORCE_PATH_STYLE',
  storageSignedUploadExpiry: 'GATHER_STORAGE_SIGNED_UPLOAD_EXPIRY',
  storageUrlSigningKey: 'GATHER_STORAGE_URL_SIGNING_KEY',
  storageImageTransformation: 'GATHER_STORAGE_IMAGE_TRANSFORMATION',
  storageS3Protocol: 'GATHER_STORAGE_S3_PROTOCOL',
  s3ProtocolAccessKeyId: 'GATHER_S3_PROTOCOL_ACCESS_KEY_ID',
  s3ProtocolAccessKeySecret: 'GATHER_S3_PROTOCOL_ACCESS_KEY_SECRET',
  s3ProtocolRegion: 'GATHER_S3_PROTOCOL_REGION',
} as const;

export const STORAGE_DEFAULTS = {
  storageFileSizeLimit: '50MiB', // the Supabase CLI's default
  storageS3Region: 'us-east-1',
  storageSignedUploadExpiry: 7200,
  storageImageTransformation: true, // the CLI's template turns it on
  storageBuckets: {},
  storageS3Protocol: true, // the CLI's template turns it on
  s3ProtocolRegion: 'local',
};

type Table = Record<string, unknown>;

function isTable(v: unknown): v is Table {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** `[storage] file_size_limit` and `[storage.buckets.<name>]` from config.toml, the keys the Supabase CLI uses. */
export function storageTomlSettings(storage: Table, pick: (t: Table, key: string) => unknown) {
  const buckets: Record<string, Table> = {};
  if (isTable(storage.buckets)) {
    for (const [name, b] of Object.entries(storage.buckets)) {
      if (!isTable(b)) continue;
      const entry = {
        public: pick(b, 'public'),
        fileSizeLimit: pick(b, 'file_size_limit'),
        allowedMimeTypes: b.allowed_mime_types,
        objectsPath: pick(b, 'objects_path'),
      };
      buckets[name] = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));
    }
  }
  const transformation = isTable(storage.image_transformation) ? storage.image_transformation : {};
  const s3Protocol = isTable(storage.s3_protocol) ? storage.s3_protocol : {};
  return {
    storageFileSizeLimit: pick(storage, 'file_size_limit'),
    storageImageTransformation: pick(transformation, 'enabled'),
    storageS3Protocol: pick(s3Protocol, 'enabled'),
    storageBuckets: buckets,
  };
}
