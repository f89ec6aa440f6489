import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, names, recordEvents, waitForEvent } from './helpers/auth-clients.ts';
import { codeIn, lastMail } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Email confirmations off (the Supabase CLI's default): sign-up signs in at once.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimitSignInSignUps: '1000', rateLimitTokenRefresh: '1000' });
});
afterAll(() => s.stop());

let n = 0;
const newEmail = () => `pw${++n}-${Date.now()}@example.com`;

describe(`sign-up and password sign-in, confirmations off (${driverName})`, () => {
  it('signs up with a session, emits SIGNED_IN, and stores what Supabase stores', async () => {
    const client = appClient(s);
    const events = recordEvents(client);
    await waitForEvent(events, 'INITIAL_SESSION');
    expect(events[0]!.session).toBeNull();
    const email = newEmail();
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse', options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(3600);
    expect(names(events)).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    const user = data.user!;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { sub: user.id, email, email_verified: true, phone_verified: false, name: 'Ada' },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ id: user.id, user_id: user.id, provider: 'email', email });

    const { rows } = await s.db.query<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [user.id]);
    expect(rows[0]!.encrypted_password).toMatch(/^\$2[ab]\$10\$/);
    const { rows: ids } = await s.db.query('select provider, provider_id from auth.identities where user_id = $1', [user.id]);
    expect(ids).toEqual([{ provider: 'email', provider_id: user.id }]);
  });

  it('issues HS256 access tokens with the Supabase claim set and a live session', async () => {
    const client = s.anon();
    const email = newEmail();
    const { data } = await client.auth.signUp({ email, password: 'correct horse' });
    const token = data.session!.access_token;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(Object.keys(claims)).toEqual([
      'iss', 'sub', 'aud', 'exp', 'iat', 'email', 'phone', 'app_metadata', 'user_metadata', 'role', 'aal', 'amr', 'session_id', 'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: `${s.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const { rows } = await s.db.query('select user_id from auth.sessions where id = $1', [claims.session_id]);
    expect(rows).toEqual([{ user_id: data.user!.id }]);
    const { data: claimsData } = await client.auth.getClaims();
    expect(claimsData?.claims.sub).toBe(data.user!.id);
  });

  it('signs in with the password, emits SIGNED_IN, and refuses wrong or unknown credentials alike', async () => {
    const email = newEmail();
    await s.anon().auth.signUp({ email, password: 'correct horse' });
    const client = appClient(s);
    const events = recordEvents(client);
    const ok = await client.auth.signInWithPassword({ email: email.toUpperCase(), password: 'correct horse' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.refresh_token).toMatch(/^[a-z0-9]{32}$/);
    await waitForEvent(events, 'SIGNED_IN');
    expect(names(events)).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);

    for (const [e, p] of [[email, 'wrong password'], [newEmail(), 'correct horse']] as const) {
      const bad = await s.anon().auth.signInWithPassword({ email: e, password: p });
      expect(bad.data.session).toBeNull();
      expect(bad.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('answers a duplicate sign-up with user_already_exists', async () => {
    const email = newEmail();
    await s.anon().auth.signUp({ email, password: 'correct horse' });
    const { data, error } = await s.anon().auth.signUp({ email, password: 'another one' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses weak and over-long passwords the way GoTrue does', async () => {
    const weak = await s.anon().auth.signUp({ email: newEmail(), password: 'abc' });
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] });
    expect(weak.error!.message).toBe('Password should be at least 6 characters.');
    const long = await s.anon().auth.signUp({ email: newEmail(), password: 'é'.repeat(37) }); // 74 bytes
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Password cannot be longer than 72 characters' });
    const none = await s.anon().auth.signUp({ email: newEmail(), password: '' });
    expect(none.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Signup requires a valid password' });
    const badEmail = await s.anon().auth.signUp({ email: 'not-an-email', password: 'correct horse' });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('signs in a user whose password no longer meets the rules, with weak_password in the answer', async () => {
    const email = newEmail();
    const created = await s.service().auth.admin.createUser({ email, password: 'abc', email_confirm: true });
    expect(created.error).toBeNull();
    const { data, error } = await s.anon().auth.signInWithPassword({ email, password: 'abc' });
    expect(error).toBeNull();
    expect(data.session).toBeTruthy();
    expect(data.weakPassword).toEqual({ message: 'Password should be at least 6 characters.', reasons: ['length'] });
  });

  it('keeps suspended users out with user_banned, and lets them back in when the ban is lifted', async () => {
    const email = newEmail();
    const { data } = await s.anon().auth.signUp({ email, password: 'correct horse' });
    const admin = s.service().auth.admin;
    await admin.updateUserById(data.user!.id, { ban_duration: '24h' });
    const banned = await s.anon().auth.signInWithPassword({ email, password: 'correct horse' });
    expect(banned.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    // A ban is only revealed to someone who knows the password.
    const guess = await s.anon().auth.signInWithPassword({ email, password: 'wrong password' });
    expect(guess.error).toMatchObject({ code: 'invalid_credentials' });
    await admin.updateUserById(data.user!.id, { ban_duration: 'none' });
    expect((await s.anon().auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();
  });

  it('accepts hashes Supabase (Go bcrypt, $2a$) wrote', async () => {
    const email = newEmail();
    const { data } = await s.service().auth.admin.createUser({ email, password: 'correct horse', email_confirm: true });
    await s.db.query(`update auth.users set encrypted_password = '$2a$' || substr(encrypted_password, 5) where id = $1`, [data.user!.id]);
    expect((await s.anon().auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();
  });

  it('refuses anonymous sign-in while it is disabled, and answers /settings and /health', async () => {
    const { error } = await s.anon().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    const settings = await (await s.fetch('/auth/v1/settings')).json();
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: true, external: { email: true, phone: false, anonymous_users: false, github: false } });
    const health = await (await s.fetch('/auth/v1/health')).json();
    expect(health).toMatchObject({ name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
    expect(await (await s.fetch('/auth/v1/.well-known/jwks.json')).json()).toEqual({ keys: [] });
  });

  it('answers what is off as GoTrue does (SSO, web3, the OAuth server, passkeys unless enabled)', async () => {
    const sso = await s.anon().auth.signInWithSSO({ domain: 'example.com' });
    expect(sso.error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    const api = async (method: string, path: string, key = s.keys.anonKey) => {
      const res = await s.fetch(`/auth/v1${path}`, {
        method,
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: method === 'GET' ? undefined : '{}',
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await api('GET', '/sso/saml/metadata')).toMatchObject({ status: 404, body: { code: 'saml_provider_disabled' } });
    expect(await api('POST', '/passkeys/authentication/options')).toEqual({ status: 404, body: { code: 'passkey_disabled', message: 'Passkeys are disabled' } });
    expect(await api('POST', '/token?grant_type=web3')).toEqual({ status: 422, body: { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' } });
    expect(await api('GET', '/oauth/authorize?client_id=x')).toMatchObject({ status: 404, body: { code: 'feature_disabled', message: 'OAuth server is disabled' } });
    const clients = await s.service().auth.admin.oauth.listClients();
    expect(clients.error).toMatchObject({ status: 404, code: 'feature_disabled' });
    // Admin gates still check the caller first.
    expect(await api('GET', '/admin/sso/providers')).toMatchObject({ status: 403, body: { code: 'not_admin' } });
    expect(await api('GET', '/admin/sso/providers', s.keys.serviceRoleKey)).toMatchObject({ status: 404, body: { code: 'saml_provider_disabled' } });
  });

  it('refuses identity linking while [auth] enable_manual_linking is off, and providers that are not enabled', async () => {
    const email = newEmail();
    await s.anon().auth.signUp({ email, password: 'correct horse' });
    const client = appClient(s);
    await client.auth.signInWithPassword({ email, password: 'correct horse' });
    const link = await client.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const { data } = await client.auth.getUserIdentities();
    expect((await client.auth.unlinkIdentity(data!.identities[0]!)).error).toMatchObject({ code: 'manual_linking_disabled' });
    const idToken = await s.anon().auth.signInWithIdToken({ provider: 'google', token: 'a.b.c' });
    expect(idToken.error).toMatchObject({ status: 400, code: 'provider_disabled' });
  });

  it('sends a sign-in code to a new address at once (confirmations off): signInWithOtp creates the user', async () => {
    const email = newEmail();
    expect((await s.anon().auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await lastMail(s, email);
    expect(mail.kind).toBe('magic_link');
    const client = appClient(s);
    const events = recordEvents(client);
    const { data, error } = await client.auth.verifyOtp({ email, token: codeIn(mail), type: 'email' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, app_metadata: { provider: 'email' } });
    await waitForEvent(events, 'SIGNED_IN');
  });

  it('never compares more than 72 bytes: a longer password that starts with the right one fails', async () => {
    const email = newEmail();
    const password = 'p'.repeat(72);
    expect((await s.anon().auth.signUp({ email, password })).error).toBeNull();
    expect((await s.anon().auth.signInWithPassword({ email, password: `${password}x` })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await s.anon().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('answers unknown paths and bad JSON in GoTrue shape', async () => {
    const headers = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
    const missing = await s.fetch('/auth/v1/factors', { headers });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
    const badJson = await s.fetch('/auth/v1/signup', { method: 'POST', headers, body: '{"email":' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ code: 'bad_json' });
    const badGrant = await s.fetch('/auth/v1/token?grant_type=magic', { method: 'POST', headers, body: '{}' });
    expect(await badGrant.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });
});
