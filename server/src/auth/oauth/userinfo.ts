import type { JWTPayload } from 'jose';
import { PROVIDER_TIMEOUT_MS, type OidcMetadata } from './oidc.ts';

export class UserinfoError extends Error {}

/** The provider's userinfo answer for this access token (OpenID Connect Core 5.3). */
export async function fetchUserinfo(meta: OidcMetadata, accessToken: string): Promise<Record<string, unknown>> {
  if (!meta.userinfo_endpoint) throw new UserinfoError('the provider has no userinfo endpoint');
  const res = await fetch(meta.userinfo_endpoint, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!res.ok) throw new UserinfoError(`userinfo answered ${res.status}`);
  // A signed or encrypted answer (application/jwt) is something we never register for.
  if (/^application\/jwt\b/i.test(res.headers.get('content-type') ?? '')) throw new UserinfoError('userinfo answered a JWT, not JSON');
  const body = (await res.json()) as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new UserinfoError('userinfo answered something other than an object');
  return body as Record<string, unknown>;
}

/**
 * A verified ID token's claims, completed from userinfo when it has no `email`: providers that
 * follow OpenID Connect Core 5.4 put the `email` and `profile` scopes' claims there whenever an
 * access token is issued, as GoTrue's providers ask userinfo. The answer is used only when its
 * `sub` is the token's (5.3.2); the token's own claims win over it.
 */
export async function completeFromUserinfo(meta: OidcMetadata, accessToken: string, claims: JWTPayload): Promise<JWTPayload> {
  if (typeof claims.email === 'string' && claims.email !== '') return claims;
  if (!meta.userinfo_endpoint || accessToken === '') return claims;
  const info = await fetchUserinfo(meta, accessToken);
  if (info.sub !== claims.sub) throw new UserinfoError('the userinfo answer is about another subject than the ID token');
  const merged: JWTPayload = { ...info };
  for (const [k, v] of Object.entries(claims)) if (v !== undefined && v !== null && v !== '') merged[k] = v;
  return merged;
}
