import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, names, recordEvents, waitForEvent } from './helpers/auth-clients.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    mfaTotpEnrollEnabled: 'true',
    mfaTotpVerifyEnabled: 'true',
    mfaMaxEnrolledFactors: '3',
    siteUrl: 'https://gather.test',
    rateLimitSignInSignUps: '1000',
    rateLimitTokenRefresh: '1000',
    rateLimitMfa: '1000',
  });
});
afterAll(() => s.stop());

let n = 0;
const password = 'correct horse';

/** A signed-in client of a new user (the session kept, as in a browser). */
async function signedIn(): Promise<{ client: SupabaseClient; email: string }> {
  const email = `mfa${++n}-${Date.now()}@example.com`;
  await s.anon().auth.signUp({ email, password });
  const client = appClient(s);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, email };
}

/** The code an authenticator app shows now, or for another 30-second step. */
function codeFor(secret: string, stepOffset = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepOffset * 30_000 });
}

/** Enrolls and verifies a TOTP factor: the client ends at aal2. */
async function withVerifiedFactor() {
  const u = await signedIn();
  const { data } = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
  const enrolCode = codeFor(data!.totp.secret);
  const { error } = await u.client.auth.mfa.challengeAndVerify({ factorId: data!.id, code: enrolCode });
  if (error) throw error;
  return { ...u, factorId: data!.id, secret: data!.totp.secret, enrolCode };
}

async function raw(client: SupabaseClient, method: string, path: string, body?: unknown) {
  const { data } = await client.auth.getSession();
  const res = await s.fetch(`/auth/v1${path}`, {
    method,
    headers: {
      apikey: s.keys.anonKey,
      authorization: `Bearer ${data.session!.access_token}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe(`MFA with TOTP (${driverName})`, () => {
  it('enrolls a factor: a secret, an otpauth URI naming the site and the user, and a QR code', async () => {
    const { client, email } = await signedIn();
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data!.totp.uri);
    expect([uri.protocol, uri.host, decodeURIComponent(uri.pathname)]).toEqual(['otpauth:', 'totp', `/gather.test:${email}`]);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: data!.totp.secret, issuer: 'gather.test', digits: '6', period: '30' });
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    // The whole SVG is in the data: URL auth-js builds: no `#` ends it early, no `%` is read as
    // an escape, and it has a size of its own for an <img> (the browser test draws it).
    const qr = new URL(data!.totp.qr_code);
    expect(qr.hash).toBe('');
    expect(data!.totp.qr_code).not.toMatch(/[#%]/);
    expect(qr.pathname).toMatch(/^image\/svg\+xml;utf-8,<svg [^>]*width="\d+" height="\d+"[^]*<\/svg>$/);
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data!.all.map((f) => [f.id, f.status])).toEqual([[data!.id, 'unverified']]);
    expect(factors.data!.totp).toEqual([]);
    const { data: aal } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('verifies a code: the session becomes aal2 with totp in its amr, and refreshes keep it', async () => {
    const { client } = await signedIn();
    const events = recordEvents(client);
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge, error: cErr } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(cErr).toBeNull();
    expect(challenge!.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);
    const { data, error } = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code: codeFor(enrolled!.totp.secret) });
    expect(error).toBeNull();
    await waitForEvent(events, 'MFA_CHALLENGE_VERIFIED');
    const claims = decodeJwt(data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(['totp', 'password']);
    const { data: aal } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(aal!.currentAuthenticationMethods.map((m) => (m as { method: string }).method)).toEqual(['totp', 'password']);
    expect((await client.auth.mfa.listFactors()).data!.totp.map((f) => f.status)).toEqual(['verified']);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');
    expect(names(events)).toContain('TOKEN_REFRESHED');
  });

  it('asks for the code again at the next sign-in: aal1 until verified, then aal2', async () => {
    const { email, secret, factorId } = await withVerifiedFactor();
    const again = appClient(s);
    await again.auth.signInWithPassword({ email, password });
    const { data: before } = await again.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    // The code of the next step: the one of this step was spent by the enrolment.
    const { error } = await again.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) });
    expect(error).toBeNull();
    const { data: after } = await again.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
  });

  it('refuses a wrong code, a code used twice, an answered and an expired challenge', async () => {
    const { client, factorId, secret, enrolCode } = await withVerifiedFactor();
    const wrong = await client.auth.mfa.challengeAndVerify({ factorId, code: '000000' === codeFor(secret) ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    // The code that verified the enrolment, on a fresh challenge: spent. (That code itself, not
    // this moment's: the 30 s step may have turned since, and a new step's code is not spent.)
    const replay = await client.auth.mfa.challengeAndVerify({ factorId, code: enrolCode });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const { data: c } = await client.auth.mfa.challenge({ factorId });
    expect((await client.auth.mfa.verify({ factorId, challengeId: c!.id, code: codeFor(secret, 1) })).error).toBeNull();
    const answered = await client.auth.mfa.verify({ factorId, challengeId: c!.id, code: codeFor(secret, -1) });
    expect(answered.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
    const { data: old } = await client.auth.mfa.challenge({ factorId });
    await s.db.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [old!.id]);
    const expired = await client.auth.mfa.verify({ factorId, challengeId: old!.id, code: codeFor(secret, -1) });
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    const unknown = await client.auth.mfa.verify({ factorId, challengeId: crypto.randomUUID(), code: '123456' });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
  });

  it('retires the aal1 refresh token and signs out the other aal1 sessions once verified', async () => {
    const { client, email } = await signedIn();
    const other = appClient(s);
    await other.auth.signInWithPassword({ email, password });
    const aal1Refresh = (await client.auth.getSession()).data.session!.refresh_token;
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    await client.auth.mfa.challengeAndVerify({ factorId: f!.id, code: codeFor(f!.totp.secret) });
    const stolen = s.client();
    const replayed = await stolen.auth.refreshSession({ refresh_token: aal1Refresh });
    expect(replayed.error).toMatchObject({ code: 'refresh_token_not_found' });
    const { error } = await other.auth.getUser();
    expect(error).toMatchObject({ name: 'AuthSessionMissingError' });
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('keeps aal1 sessions from changing the password, enrolling more or unenrolling', async () => {
    const { email, factorId } = await withVerifiedFactor();
    const aal1 = appClient(s);
    await aal1.auth.signInWithPassword({ email, password });
    expect((await aal1.auth.updateUser({ password: 'another horse' })).error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    expect((await aal1.auth.updateUser({ data: { name: 'ok' } })).error).toBeNull();
    expect((await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' })).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await aal1.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 422, code: 'insufficient_aal' });
  });

  it('unenrolls at aal2: the session drops back to aal1 and the factor is gone', async () => {
    const { client, factorId } = await withVerifiedFactor();
    const { data, error } = await client.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    const refreshed = await client.auth.refreshSession();
    const claims = decodeJwt(refreshed.data.session!.access_token);
    expect(claims.aal).toBe('aal1');
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(['password']);
    expect(refreshed.data.user!.factors ?? []).toEqual([]);
  });

  it('enforces unique names and max_enrolled_factors, and answers unknown factors and types', async () => {
    const { client } = await signedIn();
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'a' })).error).toBeNull();
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'a' })).error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'b' })).error).toBeNull();
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'c' })).error).toBeNull();
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'd' })).error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' });
    expect((await client.auth.mfa.challenge({ factorId: crypto.randomUUID() })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect(await raw(client, 'POST', '/factors', { factor_type: 'sms' })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await raw(client, 'POST', '/factors/not-a-uuid/challenge', {})).toMatchObject({ status: 404, body: { code: 'validation_failed' } });
  });

  it("never lets one user touch another's factor", async () => {
    const { factorId } = await withVerifiedFactor();
    const { client: other } = await signedIn();
    expect((await other.auth.mfa.challenge({ factorId })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await other.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('refuses anonymous users and calls without a bearer token', async () => {
    const res = await s.fetch('/auth/v1/factors', {
      method: 'POST',
      headers: { apikey: s.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    const { client, email } = await signedIn();
    await s.db.query(`update auth.users set is_anonymous = true where email = $1`, [email]);
    expect((await client.auth.mfa.enroll({ factorType: 'totp' })).error).toMatchObject({ status: 403, code: 'no_authorization' });
  });

  it('lets the admin API list and delete factors, downgrading the sessions they raised', async () => {
    const { client, factorId } = await withVerifiedFactor();
    const userId = (await client.auth.getUser()).data.user!.id;
    const admin = s.service().auth.admin.mfa;
    const listed = await admin.listFactors({ userId });
    expect(listed.data!.factors.map((f) => [f.id, f.factor_type, f.status])).toEqual([[factorId, 'totp', 'verified']]);
    const { data, error } = await admin.deleteFactor({ userId, id: factorId });
    expect(error).toBeNull();
    // auth-js wraps the deleted factor once more ({data: factor}).
    expect(data).toMatchObject({ data: { id: factorId, status: 'verified' } });
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal1');
    expect((await admin.listFactors({ userId })).data!.factors).toEqual([]);
  });
});
