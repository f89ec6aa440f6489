import { readFileSync } from 'node:fs';

/** One key of `[auth] signing_keys_path`, checked: its kid, the algorithm it signs with, the JWK. */
export interface SigningJwk {
  kid: string;
  alg: 'ES256' | 'RS256';
  jwk: Record<string, unknown>;
  /** Holds the private part (`d`); only such a key can sign. */
  isPrivate: boolean;
}

function algOf(jwk: Record<string, unknown>): 'ES256' | 'RS256' | undefined {
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'RSA') return 'RS256';
  return undefined;
}

/**
 * Reads the signing keys file as `supabase gen signing-key` writes it (a JSON array of JWKs).
 * The first key signs; all of them verify. Only ES256 (EC P-256) and RS256 (RSA) are taken:
 * symmetric keys would make the secret public in the JWKS, and other curves are not what
 * auth-js's getClaims() verifies.
 */
export function readSigningKeys(file: string): SigningJwk[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new Error(e.code === 'ENOENT' ? `${file} does not exist` : `${file}: ${e.message}`);
  }
  const list = Array.isArray(parsed) ? parsed : undefined;
  if (!list || list.length === 0) throw new Error(`${file}: must be a JSON array of at least one JWK`);
  const seen = new Set<string>();
  return list.map((raw, i) => {
    const where = `${file}: key ${i + 1}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${where} is not a JWK object`);
    const jwk = raw as Record<string, unknown>;
    const alg = algOf(jwk);
    if (!alg) throw new Error(`${where}: only ES256 (kty EC, crv P-256) and RS256 (kty RSA) keys are supported`);
    if (jwk.alg !== undefined && jwk.alg !== alg) throw new Error(`${where}: alg "${String(jwk.alg)}" does not fit a ${jwk.kty} key (expected ${alg})`);
    if (typeof jwk.kid !== 'string' || jwk.kid === '') throw new Error(`${where}: needs a "kid"`);
    if (seen.has(jwk.kid)) throw new Error(`${where}: kid "${jwk.kid}" is used twice`);
    seen.add(jwk.kid);
    const isPrivate = typeof jwk.d === 'string';
    if (i === 0 && !isPrivate) throw new Error(`${where}: the first key signs tokens and must include its private part ("d")`);
    return { kid: jwk.kid, alg, jwk, isPrivate };
  });
}
