import bcrypt from 'bcrypt';
import type { AuthSettings } from './auth-settings.ts';
import { AuthError, badRequest } from './errors.ts';

/** GoTrue's cost (Go's bcrypt.DefaultCost), so hashes move to and from Supabase unchanged. */
const COST = 10;
/** bcrypt reads only 72 bytes; GoTrue refuses longer passwords rather than truncating them. */
export const MAX_PASSWORD_BYTES = 72;

/** Hashes on libuv's thread pool (bcrypt's async API), never on the event loop. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored bcrypt hash (`$2a$`, `$2b$`, `$2y$`). With no hash (unknown
 * user, passwordless account) it still spends one bcrypt comparison, so the answer takes as long
 * for an unknown email as for a wrong password.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  // bcrypt would compare only the first 72 bytes; Go's refuses longer input, and so do we.
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash) || tooLong(password)) {
    dummyHash ??= hashPassword('not-a-real-password');
    await bcrypt.compare(password, await dummyHash);
    return false;
  }
  return bcrypt.compare(password, hash);
}

export function tooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
}

export function tooLongError(): AuthError {
  return badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
}

export interface WeakPassword {
  message: string;
  reasons: string[];
}

/** GoTrue's rules: minimum length, then the required character sets (reasons `length`, `characters`). */
export function weaknessOf(password: string, s: AuthSettings): WeakPassword | undefined {
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < s.minPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${s.minPasswordLength} characters.`);
  }
  if (s.requiredCharacterSets.some((set) => ![...password].some((c) => set.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${s.requiredCharacterSets.join(', ')}.`);
  }
  return reasons.length ? { message: messages.join(' '), reasons } : undefined;
}

/** Throws `validation_failed` (too long) or `weak_password` with its reasons, as GoTrue answers them. */
export function checkPasswordStrength(password: string, s: AuthSettings): void {
  if (tooLong(password)) throw tooLongError();
  const weak = weaknessOf(password, s);
  if (weak) throw new AuthError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
}
