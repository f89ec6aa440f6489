import type { ApiKeys } from '../http/api-keys.ts';
import { verifyJwt } from '../http/verify-jwt.ts';
import { unauthorized, type GatewayAnswer } from './function-errors.ts';

/**
 * What Supabase's gateway does to `Authorization` before a function sees it: a caller's own
 * token passes; otherwise the `apikey` header picks it — the secret key becomes the service-role
 * JWT, the publishable key the anon JWT, any other value is sent as a bearer token itself.
 */
export function gatewayAuthorization(authorization: string | undefined, apikey: string | undefined, keys: ApiKeys): string | undefined {
  if (authorization !== undefined && !authorization.startsWith('Bearer sb_')) return authorization;
  const key = apikey ?? (authorization ? authorization.slice('Bearer '.length) : undefined);
  if (key === undefined || key === '') return authorization;
  if (key === keys.secretKey) return `Bearer ${keys.serviceRoleKey}`;
  if (key === keys.publishableKey) return `Bearer ${keys.anonKey}`;
  return `Bearer ${key}`;
}

/**
 * The edge runtime's `verify_jwt` check: a bearer token signed with the project secret and not
 * expired (any role). Returns the 401 answer, or undefined when the request may pass.
 */
export async function checkJwt(authorization: string | undefined, keys: ApiKeys): Promise<GatewayAnswer | undefined> {
  if (!authorization) return unauthorized('Error: Missing authorization header');
  const [scheme, token] = authorization.split(' ');
  if (scheme !== 'Bearer' || !token) return unauthorized("Error: Auth header is not 'Bearer {token}'");
  try {
    await verifyJwt(token, keys.jwt);
    return undefined;
  } catch {
    return unauthorized('Invalid JWT');
  }
}
