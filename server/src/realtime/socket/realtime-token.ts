import { decodeJwt } from 'jose';
import type { ApiKeys } from '../../http/api-keys.ts';
import { JwtError, verifyJwt } from '../../http/verify-jwt.ts';

/** Who a channel acts as: the verified claims of its token, or of the socket's apikey. */
export interface RealtimeIdentity {
  role: string;
  claims: Record<string, unknown>;
  /** Seconds since epoch; undefined for the opaque sb_ keys, which do not expire. */
  exp?: number;
  token: string;
}

export class RealtimeTokenError extends Error {}

/**
 * Verifies a realtime token with upstream's rules and messages: `sb_` keys map to their role,
 * a JWT needs `role` and `exp`, and the error texts are realtime's own.
 */
export async function verifyRealtimeToken(token: string, keys: ApiKeys, roles: ReadonlySet<string>): Promise<RealtimeIdentity> {
  if (token === keys.secretKey) return { role: 'service_role', claims: { role: 'service_role' }, token };
  if (token === keys.publishableKey) return { role: 'anon', claims: { role: 'anon' }, token };
  if (token.startsWith('sb_')) throw new RealtimeTokenError('InvalidJWTToken: Invalid API key');
  let claims: Record<string, unknown>;
  try {
    claims = (await verifyJwt(token, keys.jwt)) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof JwtError && err.message === 'JWT expired') {
      const exp = Number(decodeJwt(token).exp);
      throw new RealtimeTokenError(`InvalidJWTToken: Token has expired ${Math.max(0, Math.round(Date.now() / 1000 - exp))} seconds ago`);
    }
    if (err instanceof JwtError && err.kind === 'malformed') throw new RealtimeTokenError('MalformedJWT: The token provided is not a valid JWT');
    throw new RealtimeTokenError(`InvalidJWTToken: ${(err as Error).message}`);
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    throw new RealtimeTokenError('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
  }
  if (!roles.has(claims.role)) throw new RealtimeTokenError(`InvalidJWTToken: role "${claims.role}" does not exist`);
  return { role: claims.role, claims, exp: claims.exp, token };
}
