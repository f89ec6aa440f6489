import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** The parts of an OpenID provider's discovery document we use. */
export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  id_token_signing_alg_values_supported?: string[];
}

/** How long discovery documents are kept (GoTrue's OIDC cache keeps them for an hour too). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Outbound calls to providers give up after this (GoTrue's internal HTTP timeout). */
export const PROVIDER_TIMEOUT_MS = 10_000;

const discovered = new Map<string, { at: number; meta: Promise<OidcMetadata>; jwks: JWTVerifyGetKey }>();

async function fetchDiscovery(issuer: string): Promise<OidcMetadata> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const res = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`OpenID discovery at ${url} answered ${res.status}`);
  const meta = (await res.json()) as OidcMetadata;
  for (const k of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof meta[k] !== 'string' || meta[k] === '') throw new Error(`OpenID discovery at ${url} has no ${k}`);
  }
  return meta;
}

/** The issuer's discovery document and key set, fetched once an hour (a failure is not kept). */
export function oidcProvider(issuer: string): { meta: Promise<OidcMetadata>; jwks: Promise<JWTVerifyGetKey> } {
  let hit = discovered.get(issuer);
  if (!hit || Date.now() - hit.at > DISCOVERY_TTL_MS) {
    const meta = fetchDiscovery(issuer);
    const entry = { at: Date.now(), meta, jwks: undefined as unknown as JWTVerifyGetKey };
    meta.catch(() => discovered.delete(issuer));
    discovered.set(issuer, entry);
    hit = entry;
  }
  const entry = hit;
  const jwks = entry.meta.then((m) => {
    entry.jwks ??= createRemoteJWKSet(new URL(m.jwks_uri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    return entry.jwks;
  });
  return { meta: entry.meta, jwks };
}

export class IdTokenError extends Error {}

export interface IdTokenCheck {
  /** The exact issuer, or a test (Azure's multi-tenant issuers). */
  issuer: string | ((iss: string) => boolean);
  /** Any of these client ids must be in `aud`. */
  audiences: string[];
  /** When given, the `nonce` claim must equal it exactly. */
  nonce?: string;
  /** When the token has `at_hash`, this access token must match it. */
  accessToken?: string;
}

/** OIDC Core 3.1.3.6: the left half of the access token's hash (the signature's SHA size), base64url. */
function atHash(accessToken: string, alg: string): string {
  const bits = /(384|512)$/.exec(alg)?.[1] ?? '256';
  const digest = createHash(alg === 'EdDSA' ? 'sha512' : `sha${bits}`).update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

/**
 * Verifies an ID token: signature with the issuer's published keys (asymmetric algorithms only),
 * expiry, issuer, audience, and — when asked — nonce and at_hash.
 */
export async function verifyIdToken(token: string, keys: JWTVerifyGetKey, check: IdTokenCheck): Promise<JWTPayload> {
  let payload: JWTPayload;
  let alg: string;
  try {
    let protectedHeader;
    ({ payload, protectedHeader } = await jwtVerify(token, keys, {
      algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'EdDSA'],
      issuer: typeof check.issuer === 'string' ? check.issuer : undefined,
      clockTolerance: 30,
    }));
    alg = protectedHeader.alg;
  } catch (err) {
    if (err instanceof errors.JOSEError) throw new IdTokenError(`invalid ID token: ${err.message}`);
    throw err;
  }
  if (typeof check.issuer === 'function' && !check.issuer(String(payload.iss ?? ''))) {
    throw new IdTokenError(`unexpected issuer ${String(payload.iss)}`);
  }
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!check.audiences.some((id) => id !== '' && aud.includes(id))) {
    throw new IdTokenError(`Unacceptable audience in id_token: [${aud.join(' ')}]`);
  }
  if (check.nonce !== undefined && payload.nonce !== check.nonce) throw new IdTokenError('Nonces mismatch');
  if (typeof payload.at_hash === 'string' && check.accessToken !== undefined && payload.at_hash !== atHash(check.accessToken, alg)) {
    throw new IdTokenError('access token hash does not match at_hash');
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new IdTokenError('Missing sub claim in id_token');
  return payload;
}
