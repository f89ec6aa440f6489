import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, memoryStorage, names, recordEvents, waitForEvent } from './helpers/auth-clients.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { signToken, tamper, unsignedToken } from './helpers/tokens.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimitSignInSignUps: '100000', rateLimitTokenRefresh: '100000' });
});
afterAll(() => s.stop());

let n = 0;
const newEmail = () => `sess${++n}-${Date.now()}@example.com`;

async function newUser(password = 'correct horse') {
  const email = newEmail();
  const { data } = await s.anon().auth.signUp({ email, password });
  return { email, password, session: data.session!, user: data.user! };
}

async function refreshRaw(refresh_token: string, headers: Record<string, string> = { 'x-supabase-api-version': '2024-01-01' }) {
  const res = await s.fetch('/auth/v1/token?grant_type=refresh_token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: s.keys.anonKey, ...headers },
    body: JSON.stringify({ refresh_token }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function getUserRaw(token: string) {
  const res = await s.fetch('/auth/v1/user', {
    headers: { apikey: s.keys.anonKey, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe(`refresh tokens: rotation and reuse (${driverName})`, () => {
  it('rotates on refresh and emits TOKEN_REFRESHED; the old token is revoked and parents the new one', async () => {
    const { email, password } = await newUser();
    const client = appClient(s);
    const events = recordEvents(client);
    const { data } = await client.auth.signInWithPassword({ email, password });
    const first = data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    await waitForEvent(events, 'TOKEN_REFRESHED');
    expect(names(events)).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED']);
    const { rows } = await s.db.query<{ token: string; revoked: boolean; parent: string | null }>(
      'select token, revoked, parent from auth.refresh_tokens where token = any($1) order by id',
      [[first.refresh_token, second.refresh_token]],
    );
    expect(rows).toEqual([
      { token: first.refresh_token, revoked: true, parent: null },
      { token: second.refresh_token, revoked: false, parent: first.refresh_token },
    ]);
  });

  it('hands the active child back to a client that presents its parent again (a lost response)', async () => {
    const { session } = await newUser();
    const r1 = await refreshRaw(session.refresh_token);
    expect(r1.status).toBe(200);
    const again = await refreshRaw(session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(r1.body.refresh_token);
  });

  it('issues a new child for an older revoked token within the reuse interval (concurrent tabs)', async () => {
    const { session } = await newUser();
    const r1 = await refreshRaw(session.refresh_token);
    const r2 = await refreshRaw(r1.body.refresh_token as string);
    expect(r2.status).toBe(200);
    const late = await refreshRaw(session.refresh_token);
    expect(late.status).toBe(200);
    expect(late.body.refresh_token).not.toBe(r2.body.refresh_token);
  });

  it('revokes the whole session after a reuse outside the interval: refresh_token_already_used', async () => {
    const { session } = await newUser();
    const r1 = await refreshRaw(session.refresh_token);
    const r2 = await refreshRaw(r1.body.refresh_token as string);
    // The revocation happened "long ago" (beyond refresh_token_reuse_interval = 10 s).
    await s.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [session.refresh_token]);
    const reused = await refreshRaw(session.refresh_token);
    expect(reused).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' } });
    expect(reused.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // The family is gone: even the legitimately held token no longer works.
    await s.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where session_id = $1`, [decodeJwt(session.access_token).session_id]);
    const holder = await refreshRaw(r2.body.refresh_token as string);
    expect(holder).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } });
    const viaClient = await s.anon().auth.refreshSession({ refresh_token: r2.body.refresh_token as string });
    expect(viaClient.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'refresh_token_already_used' });
  });

  it('after a reuse is detected, no token of the family refreshes again: RT1 → RT2 → RT3, RT1 after the window, then RT3', async () => {
    const { session } = await newUser();
    const rt1 = session.refresh_token;
    const rt2 = (await refreshRaw(rt1)).body.refresh_token as string;
    const rt3 = (await refreshRaw(rt2)).body.refresh_token as string; // the attacker's
    // RT1 was revoked "11 s ago", beyond refresh_token_reuse_interval (10 s); nothing else is back-dated.
    await s.db.query(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [rt1]);
    expect(await refreshRaw(rt1)).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } });
    // Revoking the family must not reopen the reuse window of RT3 (it was just revoked).
    for (const rt of [rt3, rt2, rt1]) expect(await refreshRaw(rt), rt).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } });
    const { rows } = await s.db.query<{ n: string }>('select count(*)::text as n from auth.refresh_tokens where session_id = $1 and not revoked', [decodeJwt(session.access_token).session_id]);
    expect(rows).toEqual([{ n: '0' }]);
  });

  it('answers unknown and missing refresh tokens as GoTrue does', async () => {
    expect(await refreshRaw('doesnotexist')).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' } });
    expect(await refreshRaw('')).toMatchObject({ status: 400, body: { error: 'invalid_request', error_description: 'refresh_token required' } });
    // Without X-Supabase-Api-Version: the legacy error shape.
    const legacy = await refreshRaw('doesnotexist', {});
    expect(legacy.body).toEqual({ code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
  });

  it('refreshes through setSession when the access token has expired (TOKEN_REFRESHED), signs in with a live one (SIGNED_IN)', async () => {
    const { session, user } = await newUser();
    const expired = await signToken({ sub: user.id, role: 'authenticated', aud: 'authenticated', session_id: decodeJwt(session.access_token).session_id }, { expiresIn: -120 });
    const a = appClient(s);
    const aEvents = recordEvents(a);
    const viaRefresh = await a.auth.setSession({ access_token: expired, refresh_token: session.refresh_token });
    expect(viaRefresh.error).toBeNull();
    await waitForEvent(aEvents, 'TOKEN_REFRESHED');
    const b = appClient(s);
    const bEvents = recordEvents(b);
    expect((await b.auth.setSession(viaRefresh.data.session!)).error).toBeNull();
    await waitForEvent(bEvents, 'SIGNED_IN');
  });

  it('refreshes inside getSession when the token expires within 90 s (TOKEN_REFRESHED)', async () => {
    const { session, user } = await newUser();
    const sid = decodeJwt(session.access_token).session_id;
    const shortLived = await signToken({ sub: user.id, role: 'authenticated', aud: 'authenticated', session_id: sid }, { expiresIn: 60 });
    const client = appClient(s);
    const events = recordEvents(client);
    expect((await client.auth.setSession({ access_token: shortLived, refresh_token: session.refresh_token })).error).toBeNull();
    await waitForEvent(events, 'SIGNED_IN');
    expect(names(events)).not.toContain('TOKEN_REFRESHED');
    const { data } = await client.auth.getSession();
    expect(data.session?.access_token).not.toBe(shortLived);
    await waitForEvent(events, 'TOKEN_REFRESHED');
  });

  it('starts with the stored session: INITIAL_SESSION carries it', async () => {
    const { email, password } = await newUser();
    const storage = memoryStorage();
    const first = appClient(s, { storage, storageKey: 'sb-stored' });
    await first.auth.signInWithPassword({ email, password });
    const reopened = appClient(s, { storage, storageKey: 'sb-stored' });
    const events = recordEvents(reopened);
    const initial = await waitForEvent(events, 'INITIAL_SESSION');
    expect(initial.session?.user.email).toBe(email);
  });
});

describe(`sign-out scopes (${driverName})`, () => {
  async function threeSessions() {
    const { email, password } = await newUser();
    const clients = [appClient(s), appClient(s), appClient(s)];
    for (const c of clients) await c.auth.signInWithPassword({ email, password });
    return clients;
  }

  it('others: ends every other session, keeps this one, emits nothing here', async () => {
    const [a, b, c] = await threeSessions();
    const events = recordEvents(c!);
    await waitForEvent(events, 'INITIAL_SESSION');
    expect((await c!.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await c!.auth.getUser()).error).toBeNull();
    expect(names(events)).toEqual(['INITIAL_SESSION']);
    for (const other of [a!, b!]) {
      const otherEvents = recordEvents(other);
      const { error } = await other.auth.getUser();
      // session_not_found: auth-js drops the session and emits SIGNED_OUT.
      expect(error).toMatchObject({ name: 'AuthSessionMissingError' });
      await waitForEvent(otherEvents, 'SIGNED_OUT');
    }
  });

  it('local: ends only this session, emitting SIGNED_OUT', async () => {
    const [a, b] = await threeSessions();
    const token = (await a!.auth.getSession()).data.session!.access_token;
    const events = recordEvents(a!);
    await waitForEvent(events, 'INITIAL_SESSION');
    expect((await a!.auth.signOut({ scope: 'local' })).error).toBeNull();
    await waitForEvent(events, 'SIGNED_OUT');
    expect(await getUserRaw(token)).toMatchObject({ status: 403, body: { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' } });
    expect((await b!.auth.getUser()).error).toBeNull();
  });

  it('global: ends every session of the user', async () => {
    const [a, b, c] = await threeSessions();
    const tokens = await Promise.all([a!, b!].map(async (x) => (await x.auth.getSession()).data.session!));
    const events = recordEvents(c!);
    await waitForEvent(events, 'INITIAL_SESSION');
    expect((await c!.auth.signOut()).error).toBeNull();
    await waitForEvent(events, 'SIGNED_OUT');
    for (const t of tokens) {
      expect((await getUserRaw(t.access_token)).status).toBe(403);
      expect(await refreshRaw(t.refresh_token)).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found' } });
    }
  });

  it('answers 204 and refuses an unknown scope', async () => {
    const { session } = await newUser();
    const post = (scope: string) =>
      s.fetch(`/auth/v1/logout?scope=${scope}`, { method: 'POST', headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json;charset=UTF-8', 'x-supabase-api-version': '2024-01-01' } });
    const bad = await post('everywhere');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
    const ok = await post('local');
    expect(ok.status).toBe(204);
    expect(await ok.text()).toBe('');
  });
});

describe(`access tokens GoTrue refuses (${driverName})`, () => {
  it('refuses expired, tampered, unsigned and foreign-algorithm tokens with 403 bad_jwt', async () => {
    const { session, user } = await newUser();
    const claims = decodeJwt(session.access_token);
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(privateKey);
    const bad: [string, string][] = [
      ['expired', await signToken({ ...claims, exp: undefined, iat: undefined }, { expiresIn: -120 })],
      ['tampered', tamper(session.access_token, { ...claims, role: 'service_role' })],
      ['alg none', unsignedToken(claims)],
      ['HS512', await signToken({ ...claims, exp: undefined, iat: undefined }, { alg: 'HS512' })],
      ['RS256', rs256],
      ['garbage', 'not.a.jwt'],
    ];
    for (const [what, token] of bad) {
      const res = await getUserRaw(token);
      expect(res.status, what).toBe(403);
      expect(res.body.code, what).toBe('bad_jwt');
      expect(res.body.message, what).toMatch(/^invalid JWT: unable to parse or verify signature, /);
    }
    const viaClient = await s.anon().auth.getUser(bad[0]![1]);
    expect(viaClient.error).toMatchObject({ name: 'AuthApiError', status: 403, code: 'bad_jwt' });
    expect((await getUserRaw(session.access_token)).body.id).toBe(user.id);
  });

  it("refuses a deleted user's token with user_not_found, and an API key with bad_jwt", async () => {
    const { session, user } = await newUser();
    await s.service().auth.admin.deleteUser(user.id);
    expect(await getUserRaw(session.access_token)).toMatchObject({ status: 403, body: { code: 'user_not_found', message: 'User from sub claim in JWT does not exist' } });
    expect(await refreshRaw(session.refresh_token)).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found' } });
    expect(await getUserRaw(s.keys.anonKey)).toMatchObject({ status: 403, body: { code: 'bad_jwt', message: 'invalid claim: missing sub claim' } });
    const none = await s.fetch('/auth/v1/user', { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
  });

  it('refuses a suspended user who still holds tokens', async () => {
    const { session, user } = await newUser();
    await s.service().auth.admin.updateUserById(user.id, { ban_duration: '1h' });
    expect(await getUserRaw(session.access_token)).toMatchObject({ status: 403, body: { code: 'user_banned' } });
    expect(await refreshRaw(session.refresh_token)).toMatchObject({ status: 400, body: { code: 'user_banned', message: 'Invalid Refresh Token: User Banned' } });
  });
});
