import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';

/** A private JWK as `supabase gen signing-key` writes it: kid, alg, use, key_ops, ext. */
export async function newSigningJwk(alg: 'ES256' | 'RS256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg, use: 'sig', key_ops: ['sign', 'verify'], ext: true };
}

/** Writes the keys to a signing_keys.json of a fresh temp folder; returns its path. */
export function writeSigningKeys(keys: JWK[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'gather-signing-keys-')), 'signing_keys.json');
  writeFileSync(file, JSON.stringify(keys, null, 2));
  return file;
}

/** A token signed with a private JWK, `kid` in the header (overridable, to forge). */
export async function signWithJwk(
  jwk: JWK,
  claims: Record<string, unknown>,
  opts: { kid?: string; expiresIn?: number } = {},
): Promise<string> {
  const { key_ops: _ops, ext: _ext, ...bare } = jwk;
  const key = await importJWK(bare, jwk.alg);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: jwk.alg!, kid: opts.kid ?? jwk.kid, typ: 'JWT' })
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(key);
}
