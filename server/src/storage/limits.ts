import { ERRORS, StorageError } from './storage-errors.ts';

const BUCKET_SIZE = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i;
const DECIMAL: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/**
 * A bucket's `file_size_limit` as createBucket/updateBucket send it: an integer, or "20MB" style
 * with decimal units as upstream parses them. Above the global limit is 413, as upstream.
 */
export function parseBucketSizeLimit(value: unknown, globalLimit: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  let bytes: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw ERRORS.invalidFileSizeLimit();
    bytes = value;
  } else if (typeof value === 'string') {
    const m = BUCKET_SIZE.exec(value.trim());
    if (!m) throw ERRORS.invalidFileSizeLimit();
    bytes = Math.floor(Number(m[1]) * DECIMAL[m[2]!.toLowerCase()]!);
  } else {
    throw ERRORS.invalidFileSizeLimit();
  }
  if (bytes > globalLimit) {
    throw new StorageError(413, 'EntityTooLarge', 'the requested max_file_size exceed the global limit', {
      error: 'Payload too large',
    });
  }
  return bytes;
}

/** min(global, bucket): a bucket limit can only lower the server's. */
export function effectiveSizeLimit(globalLimit: number, bucketLimit: number | null): number {
  return bucketLimit && bucketLimit > 0 ? Math.min(globalLimit, bucketLimit) : globalLimit;
}

/**
 * Upstream's rule: same type and same subtype, or subtype `*`, compared on the raw string split
 * at "/" — so `text/plain;charset=UTF-8` only matches `text/*`, as on Supabase.
 */
export function mustBeAllowedMimeType(mime: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, sub] = mime.split('/');
  if (sub === undefined) throw ERRORS.invalidMimeType(mime);
  for (const rule of allowed) {
    const [t, s] = rule.split('/');
    if (t === type && (s === '*' || s === sub)) return;
  }
  throw ERRORS.invalidMimeType(mime);
}

/** `allowed_mime_types` from a request: empty strings dropped, null clears. */
export function parseAllowedMimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw ERRORS.invalidRequest('body/allowed_mime_types must be array');
  }
  return (value as string[]).map((v) => v.trim()).filter((v) => v !== '');
}
