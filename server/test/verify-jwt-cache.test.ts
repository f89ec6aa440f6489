import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importJwtKeys } from '../src/http/jwt-keys.ts';
import { JwtError, verifyJwt } from '../src/http/verify-jwt.ts';

// verifyJwt remembers tokens whose signature verified; these check that nothing else is remembered.
const secret = new TextEncoder().encode('s'.repeat(40));
const other = new TextEncoder().encode('o'.repeat(40));
const sign = (claims: Record<string, unknown>, key = secret) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
const now = () => Math.floor(Date.now() / 1000);

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(JwtError);
  return (err as JwtError).message;
}

describe('verified tokens remembered by their text', () => {
  afterEach(() => vi.useRealTimers());

  it('checks exp again on every use, and gives each caller its own copy of the claims', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const keys = await importJwtKeys(secret, []);
    const token = await sign({ role: 'authenticated', sub: 'u1', exp: now() + 60 });
    const first = await verifyJwt(token, keys);
    const again = await verifyJwt(token, keys);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    vi.setSystemTime(Date.now() + 200_000); // past exp and the 30 s of skew
    expect(await refusal(verifyJwt(token, keys))).toBe('JWT expired');
  });

  it('does not remember a token before its nbf, and takes it once it is due', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const keys = await importJwtKeys(secret, []);
    const token = await sign({ role: 'authenticated', nbf: now() + 120 });
    expect(await refusal(verifyJwt(token, keys))).toBe('JWT not yet valid');
    vi.setSystemTime(Date.now() + 120_000);
    expect(await verifyJwt(token, keys)).toMatchObject({ role: 'authenticated' });
  });

  it('remembers per key set: a token verified with one secret is refused under another', async () => {
    const token = await sign({ role: 'authenticated' });
    await verifyJwt(token, await importJwtKeys(secret, []));
    expect(await refusal(verifyJwt(token, await importJwtKeys(other, [])))).toBe('JWT cryptographic operation failed');
  });

  it('never remembers a refusal', async () => {
    const keys = await importJwtKeys(secret, []);
    const forged = await sign({ role: 'service_role' }, other);
    for (let i = 0; i < 2; i++) expect(await refusal(verifyJwt(forged, keys))).toBe('JWT cryptographic operation failed');
  });
});
