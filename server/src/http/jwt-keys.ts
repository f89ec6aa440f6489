import { importJWK, type CryptoKey, type JWK } from 'jose';
import type { SigningJwk } from '../config/signing-keys.ts';

export type AsymmetricAlg = 'ES256' | 'RS256';

/**
 * Every key a bearer token may be signed with: the project's HS256 secret, and the public half
 * of each configured signing key under its `kid`. `signing` is the first configured key, which
 * auth signs access tokens with; without signing keys tokens stay HS256.
 */
export interface JwtKeys {
  secret: Uint8Array;
  publicKeys: ReadonlyMap<string, { alg: AsymmetricAlg; key: CryptoKey }>;
  /** The public keys as `/auth/v1/.well-known/jwks.json` publishes them. */
  jwks: JWK[];
  signing?: { kid: string; alg: AsymmetricAlg; key: CryptoKey };
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** The public JWK of a signing key, shaped as GoTrue publishes it (use "sig", key_ops ["verify"]). */
function publicJwk(k: SigningJwk): JWK {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(k.jwk)) {
    if (!PRIVATE_MEMBERS.has(name) && name !== 'key_ops' && name !== 'ext' && name !== 'use') out[name] = value;
  }
  return { ...out, alg: k.alg, kid: k.kid, use: 'sig', key_ops: ['verify'] } as JWK;
}

export async function importJwtKeys(secret: Uint8Array, signingKeys: SigningJwk[]): Promise<JwtKeys> {
  const publicKeys = new Map<string, { alg: AsymmetricAlg; key: CryptoKey }>();
  const jwks: JWK[] = [];
  for (const k of signingKeys) {
    const pub = publicJwk(k);
    publicKeys.set(k.kid, { alg: k.alg, key: (await importJWK(pub, k.alg)) as CryptoKey });
    jwks.push(pub);
  }
  const first = signingKeys[0];
  let signing: JwtKeys['signing'];
  if (first) {
    // key_ops and ext are dropped: WebCrypto refuses a key whose key_ops lack the use asked for.
    const { key_ops: _ops, ext: _ext, ...jwk } = first.jwk;
    signing = { kid: first.kid, alg: first.alg, key: (await importJWK(jwk as JWK, first.alg)) as CryptoKey };
  }
  return { secret, publicKeys, jwks, signing };
}
