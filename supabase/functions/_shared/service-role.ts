// Functions only the project itself calls (pg_cron, database triggers through pg_net): the
// gateway's verify_jwt has checked the token's signature; this checks whose it is.
import { json } from './cors.ts';

/** The `role` claim of a bearer JWT, without verifying it (the gateway did). */
function roleOf(authorization: string | null): string | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    return typeof claims.role === 'string' ? claims.role : undefined;
  } catch {
    return undefined;
  }
}

/** A 403 answer unless the caller holds the service-role key; undefined when it may proceed. */
export function requireServiceRole(req: Request, fn: string): Response | undefined {
  if (roleOf(req.headers.get('Authorization')) === 'service_role') return undefined;
  return json({ error: 'forbidden', message: `Only the service role may call ${fn}.` }, 403);
}
