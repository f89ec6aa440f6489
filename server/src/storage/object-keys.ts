import { ERRORS } from './storage-errors.ts';

/**
 * Upstream's allowed characters (S3-safe ones plus a few that need care); everything else,
 * control characters, NUL, backslash and non-ASCII included, is refused. The hyphen is last
 * so it stays a literal.
 */
const KEY_CHARS = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const BUCKET_CHARS = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;

/** S3's limit on key length; longer keys could not be moved to an S3 backend later. */
export const MAX_KEY_BYTES = 1024;

/** Why a key cannot name a stored object, or undefined when it can. */
export function keyProblem(key: string): string | undefined {
  if (key.length === 0) return 'empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return 'too long';
  if (!KEY_CHARS.test(key)) return 'invalid characters';
  const segments = key.split('/');
  // Empty segments ("/abs", "a//b", "dir/") would alias other keys once mapped to a path.
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return 'empty or dot path segment';
  if (/^[A-Za-z]:$/.test(segments[0]!)) return 'looks like a Windows drive';
  return undefined;
}

/** Throws InvalidKey unless `key` may name an object (checked before any byte is stored). */
export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (key === undefined || keyProblem(key) !== undefined) throw ERRORS.invalidKey(key ?? '');
}

export function isValidBucketName(name: string): boolean {
  // "." and ".." are upstream-valid but would name the storage root or its parent on disk.
  return name.length <= 100 && BUCKET_CHARS.test(name) && name.trim() === name && name !== '.' && name !== '..';
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (name === undefined || !isValidBucketName(name)) throw ERRORS.invalidBucketName();
}
