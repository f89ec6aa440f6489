import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { ERRORS } from './storage-errors.ts';

export type SignedScope = 'download' | 'upload';

export interface SignedUrlClaims extends JWTPayload {
  /** `<bucket>/<key>`, decoded: the one object the token is for. */
  url: string;
  scope: SignedScope;
  /** Upload tokens: who the object will belong to, and whether it may overwrite. */
  owner?: string;
  upsert?: boolean;
  transformations?: string;
}

/**
 * The key signed URL tokens use. Upstream signs them with the project JWT secret; we derive a
 * separate key from it by default so a signed-URL token can never be replayed as an auth token
 * (or the reverse), as the upstream security notes recommend.
 */
export function urlSigningKey(jwtSecret: Uint8Array, configured?: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  return createHmac('sha256', jwtSecret).update('gather/storage/signed-url/v1').digest();
}

export function signUrlToken(key: Uint8Array, claims: Omit<SignedUrlClaims, 'iat' | 'exp'>, expiresIn: number): Promise<string> {
  return new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(key);
}

/**
 * Checks signature and expiry (400 InvalidJWT with jose's message, as upstream), then the
 * scope (a download token cannot upload, nor the reverse), then that the token names exactly
 * this object.
 */
export async function verifyUrlToken(key: Uint8Array, token: string, scope: SignedScope, url: string): Promise<SignedUrlClaims> {
  let payload: SignedUrlClaims;
  try {
    ({ payload } = await jwtVerify<SignedUrlClaims>(token, key, { algorithms: ['HS256'] }));
  } catch (err) {
    throw ERRORS.invalidJwt((err as Error).message || 'Invalid JWT');
  }
  const scoped =
    payload.scope === scope && (scope === 'download' ? payload.owner === undefined && payload.upsert === undefined : true);
  if (!scoped) throw ERRORS.invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== url) throw ERRORS.invalidSignature();
  return payload;
}

/** `expiresIn` from a request body: a positive whole number of seconds. */
export function parseExpiresIn(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 1) {
    throw ERRORS.invalidRequest('body/expiresIn must be >= 1');
  }
  return Math.min(Math.floor(n), 10 * 365 * 86400);
}
