import type { FastifyRequest } from 'fastify';
import { JwtError, verifyJwt } from '../http/verify-jwt.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { findSession, type SessionRow } from './session-store.ts';
import { findUserById, isBanned, NIL_UUID, type UserRow } from './user-store.ts';
import { isUuid } from './validation.ts';

/** A request acting as a signed-in user: its verified claims, user row and session row. */
export interface AuthedUser {
  claims: Record<string, unknown>;
  user: UserRow;
  session: SessionRow | undefined;
  token: string;
}

/**
 * The bearer token as GoTrue receives it behind the CLI's gateway: the Authorization header
 * (its `sb_` keys swapped for their JWTs); without one, the apikey header only when it is the
 * publishable or secret key (the gateway passes any other apikey on without "Bearer ", which
 * GoTrue refuses as a missing bearer token).
 */
function bearerToken(auth: AuthContext, req: FastifyRequest): string {
  const keys = auth.server.keys;
  const header = req.headers.authorization;
  let token: string | undefined;
  if (typeof header === 'string' && header.trim() !== '') {
    const m = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    token = m[1]!;
  } else if (req.headers.apikey === keys.publishableKey || req.headers.apikey === keys.secretKey) {
    token = req.headers.apikey;
  }
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  if (token === keys.publishableKey) return keys.anonKey;
  if (token === keys.secretKey) return keys.serviceRoleKey;
  return token;
}

/** Verifies signature (the shared rules of verifyJwt) and expiry: 403 `bad_jwt`. */
async function verifiedClaims(auth: AuthContext, token: string): Promise<Record<string, unknown>> {
  try {
    return (await verifyJwt(token, auth.settings.jwt)) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof JwtError) {
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${err.message}`);
    }
    throw err;
  }
}

/**
 * GoTrue's requireAuthentication: a valid token whose `sub` user and `session_id` session still
 * exist, for a user who is not banned.
 */
export async function requireUser(auth: AuthContext, req: FastifyRequest): Promise<AuthedUser> {
  const token = bearerToken(auth, req);
  const claims = await verifiedClaims(auth, token);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const db = auth.server.db;
  const user = await findUserById(db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | undefined;
  const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sid !== '' && sid !== NIL_UUID) {
    if (!isUuid(sid)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    session = await findSession(db, sid);
    // A session of another user is as good as none.
    if (!session || session.user_id !== user.id) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, session, token };
}

/** GoTrue's requireAdmin: a valid token whose role is an admin role (service_role). */
export async function requireAdmin(auth: AuthContext, req: FastifyRequest): Promise<Record<string, unknown>> {
  const claims = await verifiedClaims(auth, bearerToken(auth, req));
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!auth.settings.adminRoles.has(role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
