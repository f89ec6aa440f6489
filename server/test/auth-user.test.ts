import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, names, recordEvents, waitForEvent } from './helpers/auth-clients.ts';
import { codeIn, followLink, inbox, lastMail, linkIn } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const SITE = 'http://localhost:3000';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    enableConfirmations: 'true',
    enableAnonymousSignIns: 'true',
    securePasswordChange: 'true',
    minimumPasswordLength: '8',
    siteUrl: SITE,
    maxFrequency: '0s',
    rateLimitSignInSignUps: '1000',
    rateLimitTokenVerifications: '1000',
    rateLimitTokenRefresh: '1000',
  });
});
afterAll(() => s.stop());

let n = 0;
const newEmail = () => `user${++n}-${Date.now()}@example.com`;

/** A confirmed user signed in on an app client that records its events. */
async function signedIn(password = 'correct horse') {
  const email = newEmail();
  await s.anon().auth.signUp({ email, password });
  await followLink(linkIn(await lastMail(s, email, 'confirmation')));
  const client = appClient(s);
  const events = recordEvents(client);
  await client.auth.signInWithPassword({ email, password });
  await waitForEvent(events, 'SIGNED_IN');
  return { email, password, client, events };
}

describe(`updateUser (${driverName})`, () => {
  it('merges metadata (null deletes a key) and emits USER_UPDATED with the new user', async () => {
    const { client, events } = await signedIn();
    await client.auth.updateUser({ data: { name: 'Ada', city: 'London' } });
    const { data, error } = await client.auth.updateUser({ data: { city: null, bio: 'hi' } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ name: 'Ada', bio: 'hi' });
    expect(data.user!.user_metadata).not.toHaveProperty('city');
    const updated = await waitForEvent(events, 'USER_UPDATED');
    expect(updated.session?.user.user_metadata.name).toBe('Ada');
    expect((await client.auth.getUser()).data.user?.user_metadata.bio).toBe('hi');
  });

  it('changes the password, signs out every other session, and refuses the same or a weak one', async () => {
    const { email, password, client } = await signedIn();
    const other = appClient(s);
    await other.auth.signInWithPassword({ email, password });
    expect((await client.auth.updateUser({ password })).error).toMatchObject({ status: 422, code: 'same_password' });
    expect((await client.auth.updateUser({ password: 'short' })).error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect((await client.auth.updateUser({ password: 'a much better one' })).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error).toMatchObject({ name: 'AuthSessionMissingError' });
    expect((await s.anon().auth.signInWithPassword({ email, password: 'a much better one' })).error).toBeNull();
  });

  it('lets no user set their own app_metadata', async () => {
    const { client } = await signedIn();
    const res = await s.fetch('/auth/v1/user', {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'not_admin', message: 'Updating app_metadata requires admin privileges' });
  });

  it('changes the email after both addresses confirm (secure change), emitting USER_UPDATED at the request', async () => {
    const { email, client, events } = await signedIn();
    const next = newEmail();
    const { data, error } = await client.auth.updateUser({ email: next }, { emailRedirectTo: `${SITE}/settings` });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    await waitForEvent(events, 'USER_UPDATED');
    const toNew = await lastMail(s, next, 'email_change');
    const toOld = await lastMail(s, email, 'email_change');
    expect(toNew.text).toContain(next);

    const first = await followLink(linkIn(toOld));
    expect(first.status).toBe(303);
    expect(Object.fromEntries(new URLSearchParams(new URL(first.location).hash.slice(1)))).toEqual({
      message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      sb: '',
    });
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const second = await followLink(linkIn(toNew));
    expect(new URL(second.location).hash).toContain('access_token=');
    const { data: after } = await client.auth.getUser();
    expect(after.user?.email).toBe(next);
    expect(after.user?.new_email).toBeUndefined();
    expect(after.user?.identities?.[0]?.identity_data?.email).toBe(next);
  });

  it('accepts the email-change codes through verifyOtp: the first answers without a session', async () => {
    const { email, client } = await signedIn();
    const next = newEmail();
    await client.auth.updateUser({ email: next });
    const half = await s.anon().auth.verifyOtp({ email, token: codeIn(await lastMail(s, email, 'email_change')), type: 'email_change' });
    expect(half.error).toBeNull();
    expect(half.data).toEqual({ user: null, session: null });
    const done = await s.anon().auth.verifyOtp({ email: next, token: codeIn(await lastMail(s, next, 'email_change')), type: 'email_change' });
    expect(done.error).toBeNull();
    expect(done.data.session?.user.email).toBe(next);
  });

  it('resends the email-change links', async () => {
    const { email, client } = await signedIn();
    const next = newEmail();
    await client.auth.updateUser({ email: next });
    const first = await lastMail(s, next, 'email_change');
    expect((await s.anon().auth.resend({ type: 'email_change', email })).error).toBeNull();
    const second = await lastMail(s, next, 'email_change');
    expect(second.id).toBeGreaterThan(first.id);
    expect(linkIn(second)).not.toBe(linkIn(first));
  });

  it('refuses an address another account uses', async () => {
    const { client } = await signedIn();
    const { email: taken } = await signedIn();
    const { error } = await client.auth.updateUser({ email: taken });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('asks a session older than a day for the reauthentication code before a password change', async () => {
    const { email, client } = await signedIn();
    const sid = decodeJwt((await client.auth.getSession()).data.session!.access_token).session_id;
    await s.db.query(`update auth.sessions set created_at = now() - interval '2 days' where id = $1`, [sid]);
    expect((await client.auth.updateUser({ password: 'new password 1' })).error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await lastMail(s, email, 'reauthentication');
    expect((await client.auth.updateUser({ password: 'new password 1', nonce: '000000' === codeIn(mail) ? '111111' : '000000' })).error).toMatchObject({
      status: 422,
      code: 'reauthentication_not_valid',
    });
    expect((await client.auth.updateUser({ password: 'new password 1', nonce: codeIn(mail) })).error).toBeNull();
  });
});

describe(`anonymous users (${driverName})`, () => {
  it('signs in anonymously (SIGNED_IN, is_anonymous claim) and becomes permanent by confirming an email', async () => {
    const client = appClient(s);
    const events = recordEvents(client);
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    await waitForEvent(events, 'SIGNED_IN');
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', app_metadata: {}, identities: [], user_metadata: { theme: 'dark' } });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ role: 'authenticated', is_anonymous: true, amr: [{ method: 'anonymous' }] });

    const email = newEmail();
    const pending = await client.auth.updateUser({ email });
    expect(pending.error).toBeNull();
    expect(pending.data.user).toMatchObject({ is_anonymous: true, new_email: email });
    expect((await inbox(s, email)).map((m) => m.kind)).toEqual(['email_change']);
    await followLink(linkIn(await lastMail(s, email)));
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.data.user).toMatchObject({ email, is_anonymous: false, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(decodeJwt(refreshed.data.session!.access_token).is_anonymous).toBe(false);
    expect(names(events)).toContain('TOKEN_REFRESHED');
  });

  it('refuses a password for an anonymous user without an email', async () => {
    const client = s.anon();
    await client.auth.signInAnonymously();
    const { error } = await client.auth.updateUser({ password: 'correct horse' });
    expect(error).toMatchObject({ status: 422, code: 'validation_failed' });
  });
});

describe(`MFA off by default (${driverName})`, () => {
  it('answers enroll with mfa_totp_enroll_not_enabled until [auth.mfa.totp] enables it', async () => {
    const { client } = await signedIn();
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toMatchObject({ status: 422, code: 'mfa_totp_enroll_not_enabled', message: 'MFA enroll is disabled for TOTP' });
  });
});
