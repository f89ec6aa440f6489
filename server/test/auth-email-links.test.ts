import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, landOn, memoryStorage, names, recordEvents, waitForEvent } from './helpers/auth-clients.ts';
import { codeIn, followLink, inbox, lastMail, linkIn } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Gather's settings: confirmations on, passwords of 8 or more.
const SITE = 'http://localhost:3000';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    enableConfirmations: 'true',
    minimumPasswordLength: '8',
    siteUrl: SITE,
    additionalRedirectUrls: 'https://app.example.com/**',
    maxFrequency: '0s', // resends follow each other at once here; auth-rate-limits tests the limit
    rateLimitSignInSignUps: '1000',
    rateLimitTokenVerifications: '1000',
    rateLimitTokenRefresh: '1000',
  });
});
afterAll(() => s.stop());

let n = 0;
const newEmail = () => `link${++n}-${Date.now()}@example.com`;

async function signedUpAndConfirmed(email: string, password = 'correct horse') {
  await s.anon().auth.signUp({ email, password });
  const mail = await lastMail(s, email, 'confirmation');
  const { location } = await followLink(linkIn(mail));
  expect(location).toContain('#access_token=');
}

describe(`email confirmation (${driverName})`, () => {
  it('answers sign-up with the bare user, no session and no event, and mails a link and a code', async () => {
    const client = appClient(s);
    const events = recordEvents(client);
    await waitForEvent(events, 'INITIAL_SESSION');
    const email = newEmail();
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse', options: { emailRedirectTo: `${SITE}/auth/callback` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, role: 'authenticated' });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.confirmation_sent_at).toBeTruthy();
    expect(data.user!.identities).toHaveLength(1);
    expect(names(events)).toEqual(['INITIAL_SESSION']);

    const mail = await lastMail(s, email);
    expect(mail).toMatchObject({ kind: 'confirmation', to: email, subject: 'Confirm your email' });
    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/auth/callback`);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    // Only the hash is stored, never the code.
    const { rows } = await s.db.query<{ confirmation_token: string }>('select confirmation_token from auth.users where email = $1', [email]);
    expect(rows[0]!.confirmation_token).toBe(link.searchParams.get('token'));
    expect(rows[0]!.confirmation_token).not.toContain(codeIn(mail));
  });

  it('refuses the password until the email is confirmed', async () => {
    const email = newEmail();
    await s.anon().auth.signUp({ email, password: 'correct horse' });
    const { error } = await s.anon().auth.signInWithPassword({ email, password: 'correct horse' });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('confirms through the link: 303 to the app with the session in the fragment, which the client detects (SIGNED_IN)', async () => {
    const email = newEmail();
    await s.anon().auth.signUp({ email, password: 'correct horse', options: { emailRedirectTo: `${SITE}/welcome` } });
    const { status, location } = await followLink(linkIn(await lastMail(s, email)));
    expect(status).toBe(303);
    const target = new URL(location);
    expect(`${target.origin}${target.pathname}`).toBe(`${SITE}/welcome`);
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect([...fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');

    const page = await landOn(s, location, { storage: memoryStorage(), storageKey: 'sb-confirm' });
    expect(page.initError).toBeNull();
    const signedIn = await waitForEvent(page.events, 'SIGNED_IN');
    expect(signedIn.session?.user.email).toBe(email);
    expect(signedIn.session?.user.email_confirmed_at).toBeTruthy();
    expect(page.location.hash).toBe('');
    expect(names(page.events)).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    // Now the password works.
    expect((await s.anon().auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();
  });

  it('confirms with the code through verifyOtp, emitting SIGNED_IN, and refuses the code twice', async () => {
    const email = newEmail();
    await s.anon().auth.signUp({ email, password: 'correct horse' });
    const code = codeIn(await lastMail(s, email));
    const client = appClient(s);
    const events = recordEvents(client);
    const wrong = await client.auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
    await waitForEvent(events, 'SIGNED_IN');
    const again = await s.anon().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('redirects a used or expired link back to the app with the error, as auth-js expects', async () => {
    const email = newEmail();
    await s.anon().auth.signUp({ email, password: 'correct horse' });
    const link = linkIn(await lastMail(s, email));
    await followLink(link);
    const used = await followLink(link);
    expect(used.status).toBe(303);
    const hash = new URLSearchParams(new URL(used.location).hash.slice(1));
    expect(Object.fromEntries(hash)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
    const page = await landOn(s, used.location, { storage: memoryStorage(), storageKey: 'sb-used-link' });
    expect(page.initError).toMatchObject({ name: 'AuthImplicitGrantRedirectError', details: { code: 'otp_expired' } });

    const email2 = newEmail();
    await s.anon().auth.signUp({ email: email2, password: 'correct horse' });
    const link2 = linkIn(await lastMail(s, email2));
    await s.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = $1`, [email2]);
    const expired = await followLink(link2);
    expect(new URL(expired.location).hash).toContain('error_code=otp_expired');
  });

  it('sends links back only to allowed places', async () => {
    const email = newEmail();
    await s.anon().auth.signUp({ email, password: 'correct horse', options: { emailRedirectTo: 'https://evil.example.net/steal' } });
    expect(new URL(linkIn(await lastMail(s, email))).searchParams.get('redirect_to')).toBe(SITE);
    const other = newEmail();
    await s.anon().auth.signUp({ email: other, password: 'correct horse', options: { emailRedirectTo: 'https://app.example.com/a/b' } });
    expect(new URL(linkIn(await lastMail(s, other))).searchParams.get('redirect_to')).toBe('https://app.example.com/a/b');
  });

  it('does not reveal a registered address: a second sign-up gets a stand-in user and no mail', async () => {
    const email = newEmail();
    await signedUpAndConfirmed(email);
    const before = (await inbox(s, email)).length;
    const { data, error } = await s.anon().auth.signUp({ email, password: 'whatever works' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, identities: [] });
    const { rows } = await s.db.query('select id from auth.users where email = $1', [email]);
    expect(rows.map((r) => r.id)).not.toContain(data.user!.id);
    expect((await inbox(s, email)).length).toBe(before);
  });

  it('resends the confirmation, and answers resend for unknown addresses the same way', async () => {
    const email = newEmail();
    await s.anon().auth.signUp({ email, password: 'correct horse' });
    const first = await lastMail(s, email);
    expect((await s.anon().auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await lastMail(s, email);
    expect(second.id).toBeGreaterThan(first.id);
    await followLink(linkIn(first)).then(({ location }) => expect(location).toContain('error_code=otp_expired'));
    expect((await s.anon().auth.resend({ type: 'signup', email: newEmail() })).error).toBeNull();
  });
});

describe(`magic link and email OTP (${driverName})`, () => {
  it('mails a sign-in link to a confirmed user; following it signs the page in (SIGNED_IN)', async () => {
    const email = newEmail();
    await signedUpAndConfirmed(email);
    const { data, error } = await s.anon().auth.signInWithOtp({ email, options: { emailRedirectTo: `${SITE}/home` } });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null, messageId: undefined });
    const mail = await lastMail(s, email);
    expect(mail).toMatchObject({ kind: 'magic_link', subject: 'Your sign-in link' });
    expect(new URL(linkIn(mail)).searchParams.get('type')).toBe('magiclink');
    const { location } = await followLink(linkIn(mail));
    expect(new URLSearchParams(new URL(location).hash.slice(1)).get('type')).toBe('magiclink');
    const page = await landOn(s, location, { storage: memoryStorage(), storageKey: 'sb-magic' });
    const signedIn = await waitForEvent(page.events, 'SIGNED_IN');
    expect(signedIn.session?.user.email).toBe(email);
    expect(names(page.events)).not.toContain('PASSWORD_RECOVERY');
  });

  it('signs in with the emailed code through verifyOtp (amr otp)', async () => {
    const email = newEmail();
    await signedUpAndConfirmed(email);
    await s.anon().auth.signInWithOtp({ email });
    const client = appClient(s);
    const events = recordEvents(client);
    const { data, error } = await client.auth.verifyOtp({ email, token: codeIn(await lastMail(s, email, 'magic_link')), type: 'email' });
    expect(error).toBeNull();
    await waitForEvent(events, 'SIGNED_IN');
    const amr = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()).amr;
    expect(amr[0].method).toBe('otp');
  });

  it('signs up an unknown address with a confirmation mail, or refuses when create_user is false', async () => {
    const email = newEmail();
    expect((await s.anon().auth.signInWithOtp({ email })).error).toBeNull();
    expect((await lastMail(s, email)).kind).toBe('confirmation');
    const refused = await s.anon().auth.signInWithOtp({ email: newEmail(), options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
  });

  it('verifies a token_hash (server-side confirmation pages)', async () => {
    const email = newEmail();
    await signedUpAndConfirmed(email);
    await s.anon().auth.signInWithOtp({ email });
    const hash = new URL(linkIn(await lastMail(s, email, 'magic_link'))).searchParams.get('token')!;
    const { data, error } = await s.anon().auth.verifyOtp({ token_hash: hash, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const again = await s.anon().auth.verifyOtp({ token_hash: hash, type: 'magiclink' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
  });
});

describe(`password recovery (${driverName})`, () => {
  it('mails a recovery link; the page it lands on emits PASSWORD_RECOVERY, then the new password works', async () => {
    const email = newEmail();
    await signedUpAndConfirmed(email, 'old password');
    const { data, error } = await s.anon().auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth/reset-password` });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await lastMail(s, email);
    expect(mail).toMatchObject({ kind: 'recovery', subject: 'Reset your password' });
    const { status, location } = await followLink(linkIn(mail));
    expect(status).toBe(303);
    expect(location.startsWith(`${SITE}/auth/reset-password#`)).toBe(true);

    const storage = memoryStorage();
    const page = await landOn(s, location, { storage, storageKey: 'sb-recovery' });
    const recovery = await waitForEvent(page.events, 'PASSWORD_RECOVERY');
    expect(recovery.session?.user.email).toBe(email);
    expect(names(page.events)).not.toContain('SIGNED_IN');

    const updated = await page.client.auth.updateUser({ password: 'new password' });
    expect(updated.error).toBeNull();
    await waitForEvent(page.events, 'USER_UPDATED');
    expect((await s.anon().auth.signInWithPassword({ email, password: 'old password' })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await s.anon().auth.signInWithPassword({ email, password: 'new password' })).error).toBeNull();
  });

  it('emits PASSWORD_RECOVERY for verifyOtp with type recovery', async () => {
    const email = newEmail();
    await signedUpAndConfirmed(email);
    await s.anon().auth.resetPasswordForEmail(email);
    const client = appClient(s);
    const events = recordEvents(client);
    const { error } = await client.auth.verifyOtp({ email, token: codeIn(await lastMail(s, email, 'recovery')), type: 'recovery' });
    expect(error).toBeNull();
    await waitForEvent(events, 'PASSWORD_RECOVERY');
    expect(names(events)).toEqual(['INITIAL_SESSION', 'PASSWORD_RECOVERY']);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const email = newEmail();
    const { data, error } = await s.anon().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await inbox(s, email)).toEqual([]);
  });
});
