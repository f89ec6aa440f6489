import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, landOn, memoryStorage, names, recordEvents, waitForEvent } from './helpers/auth-clients.ts';
import { codeIn, followLink, lastMail, linkIn } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const SITE = 'http://localhost:3000';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    enableConfirmations: 'true',
    siteUrl: SITE,
    maxFrequency: '0s',
    rateLimitSignInSignUps: '1000',
    rateLimitTokenVerifications: '1000',
    rateLimitTokenRefresh: '1000',
  });
});
afterAll(() => s.stop());

let n = 0;
const newEmail = () => `pkce${++n}-${Date.now()}@example.com`;

async function confirmedUser(email: string, password = 'correct horse') {
  await s.anon().auth.signUp({ email, password });
  await followLink(linkIn(await lastMail(s, email, 'confirmation')));
}

/** The redirect of an email link, and the `code` it carries. */
async function codeFrom(email: string, kind: string) {
  const mail = await lastMail(s, email, kind);
  const token = new URL(linkIn(mail)).searchParams.get('token')!;
  expect(token.startsWith('pkce_')).toBe(true);
  const { status, location } = await followLink(linkIn(mail));
  expect(status).toBe(303);
  const url = new URL(location);
  expect(url.hash).toBe('');
  return { location, code: url.searchParams.get('code')! };
}

async function exchangeRaw(auth_code: string, code_verifier: string) {
  const res = await s.fetch('/auth/v1/token?grant_type=pkce', {
    method: 'POST',
    headers: { apikey: s.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ auth_code, code_verifier }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe(`PKCE flows (${driverName})`, () => {
  it('confirms a PKCE sign-up: the link redirects with ?code=, which the landing page exchanges (SIGNED_IN)', async () => {
    const storage = memoryStorage();
    const client = appClient(s, { flowType: 'pkce', storage, storageKey: 'sb-pkce-signup' });
    const email = newEmail();
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse', options: { emailRedirectTo: `${SITE}/auth/callback` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const { location, code } = await codeFrom(email, 'confirmation');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(location.startsWith(`${SITE}/auth/callback?code=`)).toBe(true);

    const page = await landOn(s, location, { flowType: 'pkce', storage, storageKey: 'sb-pkce-signup' });
    expect(page.initError).toBeNull();
    const signedIn = await waitForEvent(page.events, 'SIGNED_IN');
    expect(signedIn.session?.user.email).toBe(email);
    expect(new URL(page.location.href).searchParams.has('code')).toBe(false);
    const claims = JSON.parse(Buffer.from(signedIn.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.amr[0].method).toBe('email/signup');
  });

  it('recovers with PKCE: exchangeCodeForSession emits PASSWORD_RECOVERY', async () => {
    const email = newEmail();
    await confirmedUser(email);
    const client = appClient(s, { flowType: 'pkce' });
    const events = recordEvents(client);
    await waitForEvent(events, 'INITIAL_SESSION');
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth/reset-password` })).error).toBeNull();
    const { code } = await codeFrom(email, 'recovery');
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect((data as { redirectType?: string }).redirectType).toBe('recovery');
    await waitForEvent(events, 'PASSWORD_RECOVERY');
    expect(names(events)).toEqual(['INITIAL_SESSION', 'PASSWORD_RECOVERY']);
    expect((await client.auth.updateUser({ password: 'brand new one' })).error).toBeNull();
    await waitForEvent(events, 'USER_UPDATED');
  });

  it('recovers with PKCE through the landing page (detectSessionInUrl): PASSWORD_RECOVERY', async () => {
    const email = newEmail();
    await confirmedUser(email);
    const storage = memoryStorage();
    const client = appClient(s, { flowType: 'pkce', storage, storageKey: 'sb-pkce-recover' });
    await client.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth/reset-password` });
    const { location } = await codeFrom(email, 'recovery');
    const page = await landOn(s, location, { flowType: 'pkce', storage, storageKey: 'sb-pkce-recover' });
    expect(page.initError).toBeNull();
    await waitForEvent(page.events, 'PASSWORD_RECOVERY');
    expect(names(page.events)).not.toContain('SIGNED_IN');
  });

  it('signs in with a PKCE magic link, and still accepts the emailed code', async () => {
    const email = newEmail();
    await confirmedUser(email);
    const client = appClient(s, { flowType: 'pkce' });
    const events = recordEvents(client);
    await client.auth.signInWithOtp({ email, options: { emailRedirectTo: `${SITE}/home` } });
    const { code } = await codeFrom(email, 'magic_link');
    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull();
    await waitForEvent(events, 'SIGNED_IN');

    await s.anon().auth.signInWithOtp({ email }); // no PKCE from this client; then a PKCE one
    await appClient(s, { flowType: 'pkce' }).auth.signInWithOtp({ email });
    const otp = codeIn(await lastMail(s, email, 'magic_link'));
    const viaCode = await s.anon().auth.verifyOtp({ email, token: otp, type: 'email' });
    expect(viaCode.error).toBeNull();
    expect(viaCode.data.session).toBeTruthy();
  });

  it('refuses a wrong verifier, a used code, an expired flow and missing fields with GoTrue codes', async () => {
    const email = newEmail();
    await confirmedUser(email);
    const storage = memoryStorage();
    const client = appClient(s, { flowType: 'pkce', storage, storageKey: 'sb-pkce-neg' });
    await client.auth.signInWithOtp({ email });
    const { code } = await codeFrom(email, 'magic_link');

    const wrong = await exchangeRaw(code, 'x'.repeat(64));
    expect(wrong).toMatchObject({ status: 400, body: { code: 'bad_code_verifier' } });
    // auth-js keeps the verifier JSON-encoded in its storage.
    const storedVerifier = () => JSON.parse(storage.data.get('sb-pkce-neg-code-verifier')!) as string;
    const verifier = storedVerifier();
    expect(verifier).toMatch(/^[0-9a-f]{112}$/);
    const ok = await exchangeRaw(code, verifier);
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
    const reused = await exchangeRaw(code, verifier);
    expect(reused).toMatchObject({ status: 404, body: { code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' } });

    await client.auth.signInWithOtp({ email });
    const second = await codeFrom(email, 'magic_link');
    await s.db.query(`update auth.flow_state set auth_code_issued_at = now() - interval '10 minutes' where auth_code = $1`, [second.code]);
    const expired = await exchangeRaw(second.code, storedVerifier());
    expect(expired).toMatchObject({ status: 422, body: { code: 'flow_state_expired', message: 'invalid flow state, flow state has expired' } });

    expect(await exchangeRaw('', 'v')).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('validates code_challenge as GoTrue does', async () => {
    const res = await s.fetch('/auth/v1/recover', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: newEmail(), code_challenge: 'short', code_challenge_method: 's256' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'validation_failed', message: 'code challenge has to be between 43 and 128 characters' });
  });
});
