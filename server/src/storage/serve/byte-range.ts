import type { ByteRange } from '../backend/storage-backend.ts';
import { ERRORS } from '../storage-errors.ts';

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range, the end clamped to the size (upstream's
 * parseRangeHeader). Anything else — several ranges, a start past the end, any range on an
 * empty object — is 416 InvalidRange.
 */
export function parseRange(header: string, size: number): ByteRange {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || size <= 0 || (m[1] === '' && m[2] === '')) throw ERRORS.invalidRange();
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw ERRORS.invalidRange();
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) {
    throw ERRORS.invalidRange();
  }
  return { start, end: Math.min(end, size - 1) };
}
