import { SignJWT } from 'jose';
import { DEFAULT_JWT_SECRET } from '../../src/config/default-keys.ts';

const secret = new TextEncoder().encode(DEFAULT_JWT_SECRET);

/** A token signed with the default secret; `expiresIn` in seconds (negative = already expired). */
export function signToken(claims: Record<string, unknown>, opts: { expiresIn?: number; alg?: string; key?: Uint8Array } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(opts.key ?? secret);
}

function b64url(s: string): string {
  return Buffer.from(s).toString('base64url');
}

/** An unsigned token (`alg: none`), as an attacker would send it. */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.`;
}

/** The same token with its payload swapped and the old signature kept. */
export function tamper(token: string, claims: Record<string, unknown>): string {
  const [h, , s] = token.split('.');
  return `${h}.${b64url(JSON.stringify(claims))}.${s}`;
}
