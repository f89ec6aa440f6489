import path from 'node:path';
import { ERRORS } from '../storage-errors.ts';

/**
 * Resolves a key under `root`, refusing anything that could leave it: NUL bytes, absolute and
 * Windows paths, `.`/`..` segments, and (after resolution) any path not strictly inside the
 * root. Keys are validated long before this; this is the last line of defence (upstream's
 * resolveSecureFilesystemPath, after its path traversal advisories).
 */
export function resolveUnderRoot(root: string, key: string): string {
  if (key.includes('\0')) throw ERRORS.invalidKey(key);
  if (path.isAbsolute(key) || /^[a-zA-Z]:[\\/]/.test(key) || /^\\\\/.test(key)) throw ERRORS.invalidKey(key);
  if (key.split(/[\\/]+/).some((s) => s === '.' || s === '..')) throw ERRORS.invalidKey(key);
  const base = path.resolve(root);
  const resolved = path.resolve(base, key);
  if (!resolved.startsWith(base + path.sep)) throw ERRORS.invalidKey(key);
  return resolved;
}
