import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A one-time code of `digits` decimal digits from the CSPRNG (≥ 20 bits for 6 digits). */
export function generateOtp(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/**
 * The token hash links carry and the database keeps instead of the code: hex SHA-224 of the
 * address and the code, as GoTrue's, but as an HMAC under a key derived from the project's JWT
 * secret. GoTrue's plain hash can be computed by anyone who knows the address, for every code,
 * and presented as `token_hash` (or a link's `token`), around the count of wrong codes
 * (decision 0258); this one cannot.
 */
export function tokenHash(keys: { jwtSecret: Uint8Array }, emailOrPhone: string, otp: string): string {
  const key = createHmac('sha256', keys.jwtSecret).update('gather auth token hash').digest();
  return createHmac('sha224', key).update(emailOrPhone + otp).digest('hex');
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Lowercase alphanumeric string, unbiased (rejection sampling). Refresh tokens use 32
 * characters (~165 bits; GoTrue's 12 give ~62), which ASVS 7.2.3 asks for.
 */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 252) out += ALNUM[b % 36]; // 252 = 7 × 36: no modulo bias
      if (out.length === length) break;
    }
  }
  return out;
}

/** A throwaway password for accounts created without one (magic link, invite, admin). */
export function randomPassword(): string {
  return randomBytes(32).toString('base64url');
}

/** Equality that takes the same time wherever the strings differ (hashes of both, then compare). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** RFC 7636: S256 is base64url(SHA-256(verifier)); plain is the verifier itself. */
export function pkceMatches(method: string, challenge: string, verifier: string): boolean {
  const computed = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return safeEqual(computed, challenge);
}
