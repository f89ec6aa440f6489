import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db-types.ts';
import type { Caller } from '../http/resolve-caller.ts';
import { callerOf, requestHeaders, type ServerContext } from '../http/server-context.ts';
import { JwtError } from '../http/verify-jwt.ts';
import { ERRORS, fromDbError } from './storage-errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The messages upstream's JWT library (jose) gives, which apps and storage-js tests see. */
function joseMessage(err: JwtError): string {
  if (err.kind === 'malformed') return 'Invalid Compact JWS';
  if (err.kind === 'claims' && err.message === 'JWT expired') return '"exp" claim timestamp check failed';
  if (err.kind === 'signature' && err.message !== 'Invalid API key') return 'signature verification failed';
  return err.message;
}

/**
 * The caller of a route that needs a valid JWT (upstream's jwt plugin): a bad or expired token
 * is Storage's AccessDenied (statusCode "403", sent as HTTP 400). An apikey alone counts, as the
 * Supabase gateway copies it over. No credentials at all fails upstream's header schema on REST
 * routes (`authSchema`: statusCode "400", InvalidRequest, the validator's message, which
 * storage-js's suite checks); TUS routes have no schema, so there it is AccessDenied.
 */
export async function requireCaller(
  ctx: ServerContext,
  req: FastifyRequest,
  opts: { headerSchema?: boolean } = {},
): Promise<Caller> {
  const q = req.query as Record<string, unknown> | undefined;
  if (!req.headers.authorization && !req.headers.apikey && !q?.apikey) {
    if (opts.headerSchema === false) throw ERRORS.accessDenied('Invalid Compact JWS');
    throw ERRORS.missingAuthorization();
  }
  try {
    return await callerOf(ctx, req);
  } catch (err) {
    if (err instanceof JwtError) throw ERRORS.accessDenied(joseMessage(err));
    throw err;
  }
}

/**
 * The caller of a route upstream marks `allowInvalidJwt`; undefined when the token is bad, so
 * the route can serve public buckets only (no credentials at all is anon, as everywhere).
 */
export async function optionalCaller(ctx: ServerContext, req: FastifyRequest): Promise<Caller | undefined> {
  try {
    return await callerOf(ctx, req);
  } catch (err) {
    if (err instanceof JwtError) return undefined;
    throw err;
  }
}

/** `owner_id` is the token's `sub`; the deprecated uuid `owner` only when it is a UUID. */
export function ownerOf(caller: Pick<Caller, 'claims'>): { owner: string | null; ownerId: string | null } {
  const sub = caller.claims.sub;
  if (typeof sub !== 'string' || sub === '') return { owner: null, ownerId: null };
  return { owner: UUID.test(sub) ? sub : null, ownerId: sub };
}

/**
 * One transaction under the caller's role and claims, with the `request.*` settings and
 * `storage.operation` upstream sets, so RLS policies written for Supabase decide. Postgres
 * errors come out as Storage errors (42501 → AccessDenied, 23505 → Duplicate, …).
 */
export async function asCaller<T>(
  ctx: ServerContext,
  req: FastifyRequest,
  caller: Caller,
  operation: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.asRole(
      {
        role: caller.role,
        claims: caller.claims,
        method: req.method,
        path: req.url.split('?')[0],
        headers: requestHeaders(req),
        settings: { 'storage.operation': operation },
      },
      fn,
    );
  } catch (err) {
    throw fromDbError(err);
  }
}

const ROLLBACK = Symbol('rollback');

/**
 * Runs `fn` under the caller's role and rolls it back: upstream's testPermission, used to
 * learn whether RLS would allow a write before any bytes are streamed.
 */
export async function probeAsCaller(
  ctx: ServerContext,
  req: FastifyRequest,
  caller: Caller,
  operation: string,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  try {
    await asCaller(ctx, req, caller, operation, async (tx) => {
      await fn(tx);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
}
