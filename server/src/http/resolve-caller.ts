import type { IncomingHttpHeaders } from 'node:http';
import type { ApiKeys } from './api-keys.ts';
import { JwtError, verifyJwt } from './verify-jwt.ts';

/** The database role and claims a request runs under. */
export interface Caller {
  role: string;
  claims: Record<string, unknown>;
  /** The verified user or key JWT, when there was one. */
  token?: string;
}

const ANON: Caller = { role: 'anon', claims: {} };

function bearerOf(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (!auth) return undefined;
  const m = /^bearer\s+(.*)$/i.exec(auth.trim());
  return m ? m[1]!.trim() : '';
}

function headerOrQuery(headers: IncomingHttpHeaders, query: unknown, name: string): string | undefined {
  const h = headers[name];
  if (typeof h === 'string' && h !== '') return h;
  const q = (query as Record<string, unknown> | undefined)?.[name];
  return typeof q === 'string' && q !== '' ? q : undefined;
}

/**
 * The Supabase gateway's mapping, then PostgREST's: `sb_secret_…` ⇒ service_role,
 * `sb_publishable_…` ⇒ anon, a JWT ⇒ its `role` claim, nothing ⇒ anon (the local CLI stack
 * does not require an apikey). `allowedRoles` are the roles `authenticator` may switch to.
 * Throws JwtError for a token that is present but not valid.
 */
export async function resolveCaller(
  headers: IncomingHttpHeaders,
  query: unknown,
  keys: ApiKeys,
  allowedRoles: ReadonlySet<string>,
): Promise<Caller> {
  let token = bearerOf(headers);
  const apikey = headerOrQuery(headers, query, 'apikey');
  if (token === undefined || token.startsWith('sb_')) {
    const key = token ?? apikey;
    if (key === undefined) return ANON;
    if (key === keys.secretKey) return { role: 'service_role', claims: { role: 'service_role' } };
    if (key === keys.publishableKey) return ANON;
    if (key.startsWith('sb_')) throw new JwtError('signature', 'Invalid API key');
    token = key;
  }
  if (token === '') throw new JwtError('malformed', 'Empty JWT is sent in Authorization header');
  const claims = (await verifyJwt(token, keys.jwt)) as Record<string, unknown>;
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  if (!allowedRoles.has(role)) throw new JwtError('role', `role "${role}" does not exist`);
  return { role, claims, token };
}
