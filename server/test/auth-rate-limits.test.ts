import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbox } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { signToken } from './helpers/tokens.ts';

// Small limits so a handful of requests reach them; the rules are GoTrue's. `always`: on loopback
// the limits otherwise count only forwarded requests, as the CLI's (auth-request-limit-scope.test.ts).
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    authRequestLimits: 'always',
    enableConfirmations: 'true',
    enableAnonymousSignIns: 'true',
    rateLimitSignInSignUps: '3',
    rateLimitTokenRefresh: '4',
    rateLimitTokenVerifications: '2',
    rateLimitAnonymousUsers: '2',
    rateLimitEmailSent: '2',
    rateLimitMfa: '2',
    maxFrequency: '60s',
  });
});
afterAll(() => s.stop());

let n = 0;
const newEmail = () => `rl${++n}-${Date.now()}@example.com`;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await s.fetch(`/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: s.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const limited = { status: 429, body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' } };

describe(`rate limits (${driverName})`, () => {
  it('limits sign-in/sign-up style requests per IP (sign_in_sign_ups), the same answer for every address', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/recover', { email: newEmail() })).status).toBe(200);
    expect(await post('/recover', { email: newEmail() })).toMatchObject(limited);
    expect(await post('/otp', { email: newEmail() })).toMatchObject(limited);
    const viaClient = await s.anon().auth.resetPasswordForEmail(newEmail());
    expect(viaClient.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it("limits by the end user's address from Sb-Forwarded-For, but only for the secret key", async () => {
    const secret = { apikey: s.keys.secretKey, authorization: `Bearer ${s.keys.secretKey}` };
    expect((await post('/recover', { email: newEmail() }, { ...secret, 'sb-forwarded-for': '203.0.113.7' })).status).toBe(200);
    // The anon key cannot pick its own bucket.
    expect(await post('/recover', { email: newEmail() }, { 'sb-forwarded-for': '203.0.113.8' })).toMatchObject(limited);
  });

  it('limits /token per IP (token_refresh), wrong passwords included', async () => {
    for (let i = 0; i < 4; i++) {
      const r = await post('/token?grant_type=password', { email: newEmail(), password: 'wrong password' });
      expect(r.body.code).toBe('invalid_credentials');
    }
    expect(await post('/token?grant_type=password', { email: newEmail(), password: 'wrong password' })).toMatchObject(limited);
    expect(await post('/token?grant_type=refresh_token', { refresh_token: 'x' })).toMatchObject(limited);
  });

  it('limits /verify per IP (token_verifications)', async () => {
    for (let i = 0; i < 2; i++) expect((await post('/verify', { type: 'email', email: newEmail(), token: '123456' })).status).toBe(403);
    expect(await post('/verify', { type: 'email', email: newEmail(), token: '123456' })).toMatchObject(limited);
    const link = await s.fetch('/auth/v1/verify?type=signup&token=abc', { redirect: 'manual' });
    expect(link.status).toBe(429);
  });

  it('limits anonymous sign-ins per IP (anonymous_users)', async () => {
    for (let i = 0; i < 2; i++) expect((await s.anon().auth.signInAnonymously()).error).toBeNull();
    expect((await s.anon().auth.signInAnonymously()).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('limits MFA challenges and verifications per IP, each on its own', async () => {
    const { data } = await s.service().auth.admin.createUser({ email: newEmail(), password: 'correct horse', email_confirm: true });
    const user = { authorization: `Bearer ${await signToken({ sub: data.user!.id, role: 'authenticated', aud: 'authenticated' })}` };
    const factor = crypto.randomUUID();
    for (let i = 0; i < 2; i++) expect((await post(`/factors/${factor}/challenge`, {}, user)).body.code).toBe('mfa_factor_not_found');
    expect(await post(`/factors/${factor}/challenge`, {}, user)).toMatchObject(limited);
    for (let i = 0; i < 2; i++) expect((await post(`/factors/${factor}/verify`, {}, user)).body.code).toBe('mfa_factor_not_found');
    expect(await post(`/factors/${factor}/verify`, {}, user)).toMatchObject(limited);
  });

  it('caps mail per hour (email_sent) and per address (max_frequency) with over_email_send_rate_limit', async () => {
    const secret = (ip: string) => ({ apikey: s.keys.secretKey, authorization: `Bearer ${s.keys.secretKey}`, 'sb-forwarded-for': ip });
    const first = newEmail();
    expect((await post('/signup', { email: first, password: 'correct horse' }, secret('198.51.100.1'))).status).toBe(200);
    expect((await post('/signup', { email: newEmail(), password: 'correct horse' }, secret('198.51.100.2'))).status).toBe(200);
    const third = newEmail();
    expect(await post('/signup', { email: third, password: 'correct horse' }, secret('198.51.100.3'))).toMatchObject({
      status: 429,
      body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
    });
    // Nothing was half-done: no account and no mail for the refused sign-up.
    expect((await s.db.query('select 1 from auth.users where email = $1', [third])).rows).toEqual([]);
    expect(await inbox(s, third)).toEqual([]);

    const again = await post('/resend', { type: 'signup', email: first }, secret('198.51.100.4'));
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('over_email_send_rate_limit');
    expect(again.body.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });
});

describe('behind a reverse proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ rateLimitSignInSignUps: '1', trustProxy: '1' });
  });
  afterAll(() => proxied.stop());

  const recover = (forwardedFor: string) =>
    proxied.fetch('/auth/v1/recover', {
      method: 'POST',
      headers: { apikey: proxied.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email: newEmail() }),
    });

  it('limits each client by its X-Forwarded-For address when GATHER_TRUST_PROXY trusts the proxy', async () => {
    expect((await recover('198.51.100.1')).status).toBe(200);
    expect((await recover('198.51.100.1')).status).toBe(429);
    expect((await recover('198.51.100.2')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, which one subscriber can rotate through (issue 30)', async () => {
    expect((await recover('2001:db8:30:1::1')).status).toBe(200);
    expect((await recover('2001:db8:30:1:ffff:ffff:ffff:fffe')).status).toBe(429);
    expect((await recover('2001:db8:30:2::1')).status).toBe(200);
    // An IPv4 address, plain or IPv6-mapped, is one client.
    expect((await recover('::ffff:198.51.100.77')).status).toBe(200);
    expect((await recover('198.51.100.77')).status).toBe(429);
  });

  it('ignores X-Forwarded-For without it (a client cannot pick its own bucket)', async () => {
    const res = await s.fetch('/auth/v1/recover', {
      method: 'POST',
      headers: { apikey: s.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
      body: JSON.stringify({ email: newEmail() }),
    });
    expect(res.status).toBe(429); // the shared loopback bucket, already emptied above
  });
});
