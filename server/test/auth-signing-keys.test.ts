import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET } from '../src/config/default-keys.ts';
import { subscribed } from './helpers/realtime.ts';
import { newSigningJwk, signWithJwk, writeSigningKeys } from './helpers/signing-keys.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { signToken, unsignedToken } from './helpers/tokens.ts';

const PROJECT = fileURLToPath(new URL('./fixtures/functions-project', import.meta.url));

let s: TestServer;
let es: JWK; // signs
let rs: JWK; // listed, verifies only
let retired: JWK; // not listed any more
beforeAll(async () => {
  [es, rs, retired] = await Promise.all([newSigningJwk('ES256'), newSigningJwk('RS256'), newSigningJwk('ES256')]);
  s = await startTestServer({ project: PROJECT, signingKeysPath: writeSigningKeys([es, rs]), rateLimitSignInSignUps: '1000' });
  await s.db.exec(`
    create table public.sk_notes (owner uuid not null default auth.uid(), body text not null);
    alter table public.sk_notes enable row level security;
    create policy own on public.sk_notes using (owner = auth.uid()) with check (owner = auth.uid());
    grant select, insert on public.sk_notes to authenticated;
    grant select on public.sk_notes to anon;
    notify pgrst, 'reload schema';`);
});
afterAll(() => s?.stop());

let n = 0;
async function newUser() {
  const email = `sk${++n}-${Date.now()}@example.com`;
  const { data, error } = await s.anon().auth.signUp({ email, password: 'correct horse' });
  if (error) throw error;
  return { email, session: data.session!, user: data.user! };
}

/** A client that records every URL it fetches. */
function recordingClient() {
  const urls: string[] = [];
  const client = createClient(s.url, s.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: (input, init) => {
        urls.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    },
  });
  return { client, urls };
}

describe(`asymmetric signing keys (${driverName})`, () => {
  it('signs access tokens with the first key and its kid, and publishes every public key', async () => {
    const { session } = await newUser();
    expect(decodeProtectedHeader(session.access_token)).toEqual({ alg: 'ES256', kid: es.kid, typ: 'JWT' });
    const res = await s.fetch('/auth/v1/.well-known/jwks.json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const jwks = (await res.json()) as { keys: JWK[] };
    expect(jwks.keys.map((k) => [k.kid, k.alg, k.use, k.key_ops])).toEqual([
      [es.kid, 'ES256', 'sig', ['verify']],
      [rs.kid, 'RS256', 'sig', ['verify']],
    ]);
    for (const k of jwks.keys) for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(k).not.toHaveProperty(secret);
    // Anyone can check a token with the published set alone.
    const { payload } = await jwtVerify(session.access_token, createLocalJWKSet(jwks));
    expect(payload.sub).toBe(session.user.id);
  });

  it('lets getClaims() verify locally: one JWKS fetch, no call to /user', async () => {
    const { email } = await newUser();
    const { client, urls } = recordingClient();
    await client.auth.signInWithPassword({ email, password: 'correct horse' });
    urls.length = 0;
    const first = await client.auth.getClaims();
    const second = await client.auth.getClaims();
    expect(first.error).toBeNull();
    expect(second.data!.claims.email).toBe(email);
    expect(first.data!.header).toMatchObject({ alg: 'ES256', kid: es.kid });
    expect(urls.map((u) => new URL(u).pathname)).toEqual(['/auth/v1/.well-known/jwks.json']);
  });

  it('getClaims() refuses a token signed by a retired key', async () => {
    const { user } = await newUser();
    const forged = await signWithJwk(retired, { sub: user.id, role: 'authenticated', aud: 'authenticated' });
    const { data, error } = await s.anon().auth.getClaims(forged);
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });

  it('REST, storage, realtime and functions accept tokens of either listed key, and the HS256 keys still work', async () => {
    const { user, session } = await newUser();
    const viaRs = await signWithJwk(rs, { sub: user.id, role: 'authenticated', aud: 'authenticated' });
    const ins = await s.as(() => session.access_token).from('sk_notes').insert({ body: 'mine' });
    expect(ins.error).toBeNull();
    for (const token of [session.access_token, viaRs]) {
      const c = s.as(() => token);
      const { data, error } = await c.from('sk_notes').select('owner, body');
      expect(error).toBeNull();
      expect(data).toEqual([{ owner: user.id, body: 'mine' }]);
      expect((await c.storage.listBuckets()).error).toBeNull();
      const fn = await c.functions.invoke<{ headers: Record<string, string> }>('echo', { body: {} });
      expect(fn.error).toBeNull();
      expect(fn.data!.headers.authorization).toBe(`Bearer ${token}`);
      const rt = s.client();
      await rt.realtime.setAuth(token);
      await subscribed(rt.channel(`sk-${n}-${token.length}`));
    }
    expect(await s.anon().from('sk_notes').select()).toMatchObject({ error: null, data: [] });
    expect((await s.service().functions.invoke('echo', { body: {} })).error).toBeNull();
  });

  it('refuses a retired kid, a forged signature, HS256 under a public kid, alg none and an expired token on every API', async () => {
    const { user } = await newUser();
    const claims = { sub: user.id, role: 'authenticated', aud: 'authenticated' };
    const bad: Record<string, string> = {
      'retired key': await signWithJwk(retired, claims),
      'forged under a listed kid': await signWithJwk(retired, claims, { kid: es.kid }),
      'HS256 under a public kid': signHs256WithKid(claims, es.kid!),
      'HS256 keyed with the public key': await signToken(claims, { key: new TextEncoder().encode(JSON.stringify(publicOf(rs))) }),
      'alg none': unsignedToken({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 }),
      expired: await signWithJwk(es, claims, { expiresIn: -120 }),
    };
    for (const [what, token] of Object.entries(bad)) {
      const headers = { apikey: s.keys.anonKey, authorization: `Bearer ${token}` };
      expect((await s.fetch('/rest/v1/sk_notes', { headers })).status, `rest: ${what}`).toBe(401);
      expect((await s.fetch('/storage/v1/bucket', { headers })).status, `storage: ${what}`).toBeGreaterThanOrEqual(400);
      expect((await s.fetch('/functions/v1/echo', { method: 'POST', headers })).status, `functions: ${what}`).toBe(401);
      const user = await s.fetch('/auth/v1/user', { headers: { ...headers, 'x-supabase-api-version': '2024-01-01' } });
      expect(user.status, `auth: ${what}`).toBe(403);
      expect(((await user.json()) as { code: string }).code).toBe('bad_jwt');
      const rt = s.client();
      await rt.realtime.setAuth(token);
      await expect(subscribed(rt.channel(`bad-${what}`)), `realtime: ${what}`).rejects.toBeDefined();
    }
  });

  it('gives functions the public keys as SUPABASE_JWKS', async () => {
    const { data } = await s.service().functions.invoke<{ jwks: string }>('env', { method: 'GET' });
    const jwks = JSON.parse(data!.jwks) as { keys: JWK[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([es.kid, rs.kid]);
    expect(jwks.keys.every((k) => !('d' in k))).toBe(true);
  });

  it('keeps the refresh-token grant and sign-out working with signed tokens', async () => {
    const { session } = await newUser();
    const c = s.client();
    await c.auth.setSession(session);
    const { data, error } = await c.auth.refreshSession();
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    expect((await c.auth.signOut()).error).toBeNull();
  });
});

function publicOf(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  return pub;
}

/** HS256 with the project secret but a signing key's kid: must not be taken as that key's token. */
function signHs256WithKid(claims: Record<string, unknown>, kid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const signed = `${part({ alg: 'HS256', typ: 'JWT', kid })}.${part({ ...claims, iat: now, exp: now + 3600 })}`;
  return `${signed}.${createHmac('sha256', DEFAULT_JWT_SECRET).update(signed).digest('base64url')}`;
}
