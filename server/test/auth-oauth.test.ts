import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, landOn, memoryStorage, waitForEvent } from './helpers/auth-clients.ts';
import { startGithubDouble, type GithubDouble } from './helpers/github-double.ts';
import { followLink, lastMail, linkIn } from './helpers/inbox.ts';
import { startTestOpenIdProvider, type TestOpenIdProvider } from './helpers/openid-provider.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const SITE = 'http://localhost:3000';
let s: TestServer;
let op: TestOpenIdProvider;
let gh: GithubDouble;

beforeAll(async () => {
  [op, gh] = await Promise.all([startTestOpenIdProvider(), startGithubDouble()]);
  const project = mkdtempSync(join(tmpdir(), 'gather-oauth-'));
  writeFileSync(
    join(project, 'config.toml'),
    `[auth]
site_url = "${SITE}"
additional_redirect_urls = ["${SITE}/**"]
enable_manual_linking = true

[auth.email]
enable_confirmations = true

[auth.email.notification.identity_linked]
enabled = true
[auth.email.notification.identity_unlinked]
enabled = true

[auth.external.github]
enabled = true
client_id = "${gh.clientId}"
secret = "${gh.clientSecret}"
url = "${gh.url}"

[auth.external.keycloak]
enabled = true
client_id = "${op.clientId}"
secret = "${op.clientSecret}"
url = "${op.issuer}"

[auth.external.google]
enabled = true
client_id = "${op.clientId},${op.nativeClientId}"
secret = "${op.clientSecret}"
url = "${op.issuer}"

[auth.external.corp]
enabled = true
client_id = "${op.clientId}"
secret = "${op.clientSecret}"
url = "${op.issuer}"
skip_nonce_check = true
`,
  );
  s = await startTestServer({ project, maxFrequency: '0s', rateLimitSignInSignUps: '1000', rateLimitTokenRefresh: '1000', rateLimitTokenVerifications: '1000' });
  op.allowRedirect(`${s.url}/auth/v1/callback`);
});
afterAll(async () => {
  await s?.stop();
  await Promise.all([op?.stop(), gh?.stop()]);
});

let n = 0;
const newEmail = (tag = 'oauth') => `${tag}${++n}-${Date.now()}@example.com`;

/** A browser app's client: PKCE by default, its storage kept so a landing page can finish the flow. */
function browserClient(flowType: 'pkce' | 'implicit' = 'pkce') {
  const storage = memoryStorage();
  const storageKey = `sb-oauth-${++n}`;
  return { client: appClient(s, { flowType, storage, storageKey }), storage, storageKey, flowType };
}

async function location(url: string, init: RequestInit = {}): Promise<{ status: number; location: string }> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

/** What the browser does after the provider: follows its redirect (or Apple-style form post) to /auth/v1/callback. */
async function deliver(back: string): Promise<{ status: number; location: string }> {
  if (back.startsWith('POST ')) {
    const [, url, form] = back.split(' ');
    return location(url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  }
  return location(back);
}

/** signInWithOAuth → /authorize → the provider's login → /callback: where the app is sent back to. */
async function viaProvider(client: SupabaseClient, provider: string, who: string, redirectTo = `${SITE}/welcome`): Promise<string> {
  const { data, error } = await client.auth.signInWithOAuth({ provider: provider as 'github', options: { redirectTo, skipBrowserRedirect: true } });
  if (error) throw error;
  const toProvider = await location(data.url!);
  expect(toProvider.status).toBe(302);
  const back = provider === 'github' ? await gh.signIn(toProvider.location, who) : await op.signIn(toProvider.location, who);
  const landing = await deliver(back);
  expect(landing.status).toBe(302);
  return landing.location;
}

/** Signs in through a provider with PKCE and lands on the app: its client holds the session. */
async function signInVia(provider: string, who: string) {
  const b = browserClient();
  const landing = await viaProvider(b.client, provider, who);
  const landed = await landOn(s, landing, b);
  if (landed.initError) throw landed.initError;
  const { data } = await landed.client.auth.getSession();
  return { client: landed.client, session: data.session!, landing, events: landed.events };
}

async function passwordUser(email = newEmail('pw'), password = 'correct horse') {
  const { data } = await s.service().auth.admin.createUser({ email, password, email_confirm: true });
  const client = appClient(s, { flowType: 'pkce' });
  await client.auth.signInWithPassword({ email, password });
  return { email, client, id: data.user!.id };
}

describe(`OAuth and OpenID sign-in (${driverName})`, () => {
  it('lists the enabled providers in /settings', async () => {
    const settings = (await (await s.fetch('/auth/v1/settings')).json()) as { external: Record<string, boolean> };
    expect(settings.external).toMatchObject({ github: true, keycloak: true, google: true, 'custom:corp': true, apple: false, azure: false });
  });

  it('signs up through an OpenID provider with PKCE: ?code= on the app, the session and the provider token', async () => {
    const email = newEmail('kc');
    op.account({ email, name: 'Kim Cole' });
    const { session, landing, events } = await signInVia('keycloak', email);
    expect(new URL(landing).origin + new URL(landing).pathname).toBe(`${SITE}/welcome`);
    expect(new URL(landing).searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
    await waitForEvent(events, 'SIGNED_IN');
    expect(session.provider_token).toBeTruthy();
    expect(session.user).toMatchObject({ email, app_metadata: { provider: 'keycloak', providers: ['keycloak'] } });
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(session.user.identities).toHaveLength(1);
    expect(session.user.identities![0]).toMatchObject({ provider: 'keycloak', identity_data: { email, email_verified: true, name: 'Kim Cole', iss: op.issuer } });
    expect(session.user.user_metadata).toMatchObject({ name: 'Kim Cole', email_verified: true });
    expect((decodeJwt(session.access_token).amr as { method: string }[])[0]!.method).toBe('oauth');
    const { rows } = await s.db.query('select provider_id, provider, email from auth.identities where user_id = $1', [session.user.id]);
    expect(rows).toEqual([{ provider_id: op.account({ email }).sub, provider: 'keycloak', email }]);
  });

  it('signs in again as the same account, and through an issuer configured under its own name (custom:corp)', async () => {
    const email = newEmail('again');
    const first = await signInVia('keycloak', email);
    const second = await signInVia('keycloak', email);
    expect(second.session.user.id).toBe(first.session.user.id);
    const corp = await signInVia('custom:corp', email);
    // Same verified address: the corp identity joins the same account.
    expect(corp.session.user.id).toBe(first.session.user.id);
    expect(corp.session.user.identities!.map((i) => i.provider).sort()).toEqual(['custom:corp', 'keycloak']);
  });

  it('hands the implicit flow its session and the provider token in the fragment', async () => {
    const b = browserClient('implicit');
    const landing = await viaProvider(b.client, 'google', newEmail('imp'));
    const hash = new URLSearchParams(new URL(landing).hash.slice(1));
    expect([...hash.keys()].sort()).toEqual(['access_token', 'expires_at', 'expires_in', 'provider_token', 'refresh_token', 'sb', 'token_type']);
    const landed = await landOn(s, landing, b);
    await waitForEvent(landed.events, 'SIGNED_IN');
    expect((await landed.client.auth.getUser()).data.user!.app_metadata.provider).toBe('google');
  });

  it('signs in with GitHub (OAuth 2, its token and user endpoints), taking the primary verified address', async () => {
    const email = newEmail('gh');
    const login = `octo${n}`;
    gh.account({ login, name: 'Octo Cat', emails: [{ email: `other${n}@example.com`, primary: false, verified: true }, { email, primary: true, verified: true }] });
    const { session } = await signInVia('github', login);
    expect(session.user).toMatchObject({ email, app_metadata: { provider: 'github' } });
    expect(session.user.identities![0]!.identity_data).toMatchObject({ user_name: login, preferred_username: login, full_name: 'Octo Cat', email, email_verified: true, iss: `${gh.url}/api/v3` });
  });

  it('links to an existing account by a provider-verified address', async () => {
    const { email, id } = await passwordUser();
    op.account({ email, email_verified: true });
    const { session } = await signInVia('keycloak', email);
    expect(session.user.id).toBe(id);
    expect(session.user.identities!.map((i) => i.provider).sort()).toEqual(['email', 'keycloak']);
    expect(session.user.app_metadata.providers).toEqual(['email', 'keycloak']);
  });

  it('never links through an address the provider has not verified, and asks to confirm a new one by mail', async () => {
    const { email, id } = await passwordUser();
    const mallory = `mallory${n}`;
    gh.account({ login: mallory, name: 'Mallory', emails: [{ email, primary: true, verified: false }] });
    const landing = new URL(await viaProvider(browserClient().client, 'github', mallory));
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(landing.searchParams.get('error_code')).toBe('provider_email_needs_verification');
    const { rows } = await s.db.query(`select provider from auth.identities where user_id = $1`, [id]);
    expect(rows).toEqual([{ provider: 'email' }]);

    const fresh = newEmail('unverified');
    const newbie = `newbie${n}`;
    gh.account({ login: newbie, name: 'Newbie', emails: [{ email: fresh, primary: true, verified: false }] });
    const refused = new URL(await viaProvider(browserClient().client, 'github', newbie));
    expect(refused.hash).toContain('error_code=provider_email_needs_verification');
    await followLink(linkIn(await lastMail(s, fresh, 'confirmation')));
    const { session } = await signInVia('github', newbie);
    expect(session.user).toMatchObject({ email: fresh, app_metadata: { provider: 'github' } });
  });

  it('keeps redirect_to within the allow list: elsewhere goes to the site URL', async () => {
    const b = browserClient();
    const landing = new URL(await viaProvider(b.client, 'keycloak', newEmail('redir'), 'https://evil.example/steal'));
    expect(landing.origin).toBe(SITE);
    expect(landing.pathname).toBe('/');
    expect(landing.searchParams.get('code')).toBeTruthy();
  });

  it('refuses a missing, forged, unknown or replayed state, back at the site URL', async () => {
    const cb = (q: string) => location(`${s.url}/auth/v1/callback?${q}`);
    const expectSiteError = (r: { status: number; location: string }, code: string) => {
      expect(r.status).toBe(303);
      const u = new URL(r.location);
      expect(u.origin).toBe(SITE);
      expect(u.searchParams.get('error_code')).toBe(code);
    };
    expectSiteError(await cb('code=abc'), 'bad_oauth_callback');
    expectSiteError(await cb('code=abc&state=not-a-uuid'), 'bad_oauth_state');
    expectSiteError(await cb(`code=abc&state=${crypto.randomUUID()}`), 'bad_oauth_state');

    const b = browserClient();
    const { data } = await b.client.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: `${SITE}/welcome`, skipBrowserRedirect: true } });
    const back = await op.signIn((await location(data.url!)).location, newEmail('replay'));
    expect((await deliver(back)).status).toBe(302);
    expectSiteError(await deliver(back), 'flow_state_already_used');

    const imp = browserClient('implicit');
    const { data: d2 } = await imp.client.auth.signInWithOAuth({ provider: 'keycloak', options: { skipBrowserRedirect: true } });
    const back2 = await op.signIn((await location(d2.url!)).location, newEmail('replay'));
    expect((await deliver(back2)).status).toBe(302);
    expectSiteError(await deliver(back2), 'bad_oauth_state');
  });

  it("refuses a provider code delivered with another flow's state (the ID token's nonce does not match)", async () => {
    const start = async () => {
      const { data } = await browserClient().client.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: `${SITE}/welcome`, skipBrowserRedirect: true } });
      return (await location(data.url!)).location;
    };
    const [victimFlow, attackerFlow] = [await start(), await start()];
    const attackerBack = new URL(await op.signIn(attackerFlow, newEmail('attacker')));
    const victimState = new URL(victimFlow).searchParams.get('state')!;
    attackerBack.searchParams.set('state', victimState);
    const landed = await deliver(attackerBack.toString());
    const u = new URL(landed.location);
    expect(u.searchParams.get('error')).toBe('server_error');
    expect(u.searchParams.get('code')).toBeNull();
  });

  it('passes a provider refusal to the app as GoTrue does (error and description, query and fragment)', async () => {
    const { data } = await browserClient().client.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: `${SITE}/welcome`, skipBrowserRedirect: true } });
    const state = new URL((await location(data.url!)).location).searchParams.get('state')!;
    const r = await location(`${s.url}/auth/v1/callback?state=${state}&error=access_denied&error_description=The+user+has+denied+your+application+access.`);
    expect(r.status).toBe(302);
    const u = new URL(r.location);
    expect(`${u.origin}${u.pathname}`).toBe(`${SITE}/welcome`);
    expect(u.searchParams.get('error')).toBe('access_denied');
    expect(u.searchParams.get('error_description')).toBe('The user has denied your application access.');
    expect(new URLSearchParams(u.hash.slice(1)).get('error')).toBe('access_denied');
  });

  it('exchanges a code once', async () => {
    const b = browserClient();
    const landing = new URL(await viaProvider(b.client, 'keycloak', newEmail('once')));
    const code = landing.searchParams.get('code')!;
    const verifier = b.storage.getItem(`${b.storageKey}-code-verifier`)!;
    const first = await b.client.auth.exchangeCodeForSession(code);
    expect(first.error).toBeNull();
    const again = await s.fetch('/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      headers: { apikey: s.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: verifier.split('/')[0] }),
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  it('answers an unknown or disabled provider with 400', async () => {
    const r = await s.fetch('/auth/v1/authorize?provider=apple', { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' });
    const unknown = await s.fetch('/auth/v1/authorize?provider=myspace', { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(await unknown.json()).toMatchObject({ code: 'validation_failed', message: 'Unsupported provider: Provider myspace could not be found' });
  });
});

describe(`signInWithIdToken (${driverName})`, () => {
  it("accepts a genuine token of the provider's native client, checking the nonce's hash", async () => {
    const email = newEmail('idt');
    const token = await op.idToken(email, { nonce: 'raw-nonce-1' });
    const client = appClient(s);
    const { data, error } = await client.auth.signInWithIdToken({ provider: 'google', token, nonce: 'raw-nonce-1' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, app_metadata: { provider: 'google' } });
    expect(data.session!.access_token).toBeTruthy();
  });

  it('refuses a wrong or missing nonce, another audience, a forged signature and a disabled provider', async () => {
    const email = newEmail('idt-bad');
    const token = await op.idToken(email, { nonce: 'right' });
    const anon = s.anon();
    expect((await anon.auth.signInWithIdToken({ provider: 'google', token, nonce: 'wrong' })).error).toMatchObject({ message: 'Nonces mismatch' });
    expect((await anon.auth.signInWithIdToken({ provider: 'google', token })).error!.message).toMatch(/nonce .* should either both exist or not/);
    const other = await op.idToken(email, { client: op.otherClientId, nonce: 'right' });
    expect((await anon.auth.signInWithIdToken({ provider: 'google', token: other, nonce: 'right' })).error!.message).toMatch(/^Unacceptable audience in id_token/);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email, email_verified: true, nonce: undefined })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(op.issuer)
      .setAudience(op.nativeClientId)
      .setSubject('someone')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await anon.auth.signInWithIdToken({ provider: 'google', token: forged })).error).toMatchObject({ message: 'Bad ID token' });
    expect((await anon.auth.signInWithIdToken({ provider: 'apple', token })).error).toMatchObject({ status: 400, code: 'provider_disabled' });
    void exportJWK;
  });

  it('skips the nonce where skip_nonce_check is set, and links a token with link_identity', async () => {
    const email = newEmail('idt-corp');
    const token = await op.idToken(email, { client: op.nativeClientId });
    // corp's only client is the web client: a native token is for another audience there.
    expect((await s.anon().auth.signInWithIdToken({ provider: 'custom:corp', token })).error!.message).toMatch(/Unacceptable audience/);
    const { client, id } = await passwordUser();
    const linked = await client.auth.linkIdentity({ provider: 'google', token: await op.idToken(newEmail('linked'), { nonce: 'link-nonce' }), nonce: 'link-nonce' });
    expect(linked.error).toBeNull();
    const { data } = await client.auth.getUserIdentities();
    expect(data!.identities.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    expect(data!.identities.every((i) => i.user_id === id)).toBe(true);
  });
});

describe(`linkIdentity / unlinkIdentity (${driverName})`, () => {
  it('links a second provider to the signed-in account, lists it, and unlinks it again, telling the member each time', async () => {
    const { client, id, email } = await passwordUser();
    const login = `linker${n}`;
    gh.account({ login, name: 'Linker', emails: [{ email: newEmail('gh-link'), primary: true, verified: true }] });
    const { data, error } = await client.auth.linkIdentity({ provider: 'github', options: { redirectTo: `${SITE}/settings`, skipBrowserRedirect: true } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ provider: 'github' });
    // linkIdentity answers with the provider's own URL.
    const back = await gh.signIn(data.url!, login);
    const landing = new URL((await deliver(back)).location);
    expect(landing.pathname).toBe('/settings');
    expect((await client.auth.exchangeCodeForSession(landing.searchParams.get('code')!)).error).toBeNull();
    const { data: ids } = await client.auth.getUserIdentities();
    expect(ids!.identities.map((i) => i.provider).sort()).toEqual(['email', 'github']);
    expect((await client.auth.getUser()).data.user!.id).toBe(id);
    // GoTrue's security notices (decision 0238).
    expect((await lastMail(s, email, 'identity_linked_notification')).text).toContain(`github can now be used to sign in to ${email}`);

    const github = ids!.identities.find((i) => i.provider === 'github')!;
    expect((await client.auth.unlinkIdentity(github)).error).toBeNull();
    expect((await lastMail(s, email, 'identity_unlinked_notification')).text).toContain(`github can no longer be used to sign in to ${email}`);
    const { data: after } = await client.auth.getUserIdentities();
    expect(after!.identities.map((i) => i.provider)).toEqual(['email']);
    const last = await client.auth.unlinkIdentity(after!.identities[0]!);
    expect(last.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
  });

  it("refuses to link an identity that belongs to another account", async () => {
    const email = newEmail('owned');
    await signInVia('keycloak', email);
    const { client } = await passwordUser();
    const { data } = await client.auth.linkIdentity({ provider: 'keycloak', options: { redirectTo: `${SITE}/settings`, skipBrowserRedirect: true } });
    const landing = new URL((await deliver(await op.signIn(data.url!, email))).location);
    expect(landing.searchParams.get('error_code')).toBe('identity_already_exists');
    expect(landing.searchParams.get('error_description')).toBe('Identity is already linked to another user');
  });
});
