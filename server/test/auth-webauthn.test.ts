import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowserPage, type BrowserPage } from './helpers/browser-page.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let s: TestServer;
let b: BrowserPage;

beforeAll(async () => {
  b = await openBrowserPage();
  // The page's origin is the relying party: rp_id localhost, that origin allowed.
  s = await startTestServer({
    siteUrl: b.origin,
    passkeyEnabled: 'true',
    mfaWebAuthnEnrollEnabled: 'true',
    mfaWebAuthnVerifyEnabled: 'true',
    mfaTotpEnrollEnabled: 'true',
    mfaTotpVerifyEnabled: 'true',
    rateLimitSignInSignUps: '1000',
    rateLimitTokenRefresh: '1000',
    rateLimitMfa: '1000',
    rateLimitPasskey: '1000',
  });
});
afterAll(async () => {
  await b?.close();
  await s?.stop();
});

let n = 0;
const password = 'correct horse';

/** A confirmed user, a fresh virtual authenticator, and the page's client signed in as the user. */
async function signedInOnPage(authenticator: 'platform' | 'security-key' = 'platform') {
  const email = `wa${++n}-${Date.now()}@example.com`;
  const { data } = await s.service().auth.admin.createUser({ email, password, email_confirm: true });
  const authenticatorId = await b.addAuthenticator(authenticator);
  await b.page.evaluate(
    async ({ url, key, email, password, storageKey }) => {
      const w = globalThis as unknown as Record<string, any>;
      w.c = w.supabase.createClient(url, key, { auth: { storageKey, detectSessionInUrl: false } });
      const { error } = await w.c.auth.signInWithPassword({ email, password });
      if (error) throw error;
    },
    { url: s.url, key: s.keys.anonKey, email, password, storageKey: `sb-wa-${n}` },
  );
  return { email, userId: data.user!.id, authenticatorId };
}

/** Runs `fn` in the page with the client as `c`; auth errors come back as {code, message, status}. */
function inPage<T>(fn: string, arg?: unknown): Promise<T> {
  return b.page.evaluate(
    async ({ fn, arg }) => {
      const c = (globalThis as unknown as Record<string, any>).c;
      // eslint-disable-next-line no-new-func
      const run = new Function('c', 'arg', `return (async () => { ${fn} })()`);
      const out = await run(c, arg);
      return JSON.parse(JSON.stringify(out, (_k, v) => (v instanceof Error ? { name: v.name, message: v.message, code: (v as any).code, status: (v as any).status } : v)));
    },
    { fn, arg },
  ) as Promise<T>;
}

type Result = { data: any; error: { name: string; message: string; code?: string; status?: number } | null };

describe(`passkeys in Chromium with a virtual authenticator (${driverName})`, () => {
  it('registers a passkey, then signs in with it alone', async () => {
    const { userId, authenticatorId } = await signedInOnPage();
    const reg = await inPage<Result>('return c.auth.registerPasskey()');
    expect(reg.error).toBeNull();
    expect(reg.data).toMatchObject({ friendly_name: 'Passkey' });
    const { credentials } = await b.cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(Buffer.from(credentials[0]!.userHandle!, 'base64').toString()).toBe(userId);

    await inPage('return c.auth.signOut()');
    const signIn = await inPage<Result>('return c.auth.signInWithPasskey()');
    expect(signIn.error).toBeNull();
    expect(signIn.data.user.id).toBe(userId);
    const claims = decodeJwt(signIn.data.session.access_token);
    expect((claims.amr as { method: string }[])[0]!.method).toBe('passkey');
    expect(claims.aal).toBe('aal1');

    const list = await inPage<Result>('return c.auth.passkey.list()');
    expect(list.data).toHaveLength(1);
    const renamed = await inPage<Result>('return c.auth.passkey.update({ passkeyId: arg, friendlyName: "Laptop" })', list.data[0].id);
    expect(renamed.data).toMatchObject({ id: list.data[0].id, friendly_name: 'Laptop' });
    const { rows } = await s.db.query('select friendly_name, sign_count > 0 as counted, last_used_at is not null as used from auth.webauthn_credentials where user_id = $1', [userId]);
    expect(rows).toEqual([{ friendly_name: 'Laptop', counted: true, used: true }]);
  });

  it('answers each challenge once, and only with its own assertion', async () => {
    await signedInOnPage();
    await inPage('return c.auth.registerPasskey()');
    const out = await inPage<{ first: Result; again: Result; crossed: Result }>(`
      const b64 = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
      const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
      const assert = async (options) => {
        const cred = await navigator.credentials.get({ publicKey: { challenge: bytes(options.challenge), rpId: options.rpId, userVerification: 'preferred', allowCredentials: [] } });
        return { id: cred.id, rawId: b64(cred.rawId), type: cred.type, clientExtensionResults: {}, response: {
          clientDataJSON: b64(cred.response.clientDataJSON), authenticatorData: b64(cred.response.authenticatorData),
          signature: b64(cred.response.signature), userHandle: b64(cred.response.userHandle) } };
      };
      const one = (await c.auth.passkey.startAuthentication()).data;
      const credential = await assert(one.options);
      const first = await c.auth.passkey.verifyAuthentication({ challengeId: one.challenge_id, credential });
      const again = await c.auth.passkey.verifyAuthentication({ challengeId: one.challenge_id, credential });
      const two = (await c.auth.passkey.startAuthentication()).data;
      const crossed = await c.auth.passkey.verifyAuthentication({ challengeId: two.challenge_id, credential });
      return { first, again, crossed };`);
    expect(out.first.error).toBeNull();
    expect(out.again.error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    expect(out.crossed.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
  });

  it('stops signing in with a deleted passkey', async () => {
    const { userId } = await signedInOnPage();
    await inPage('return c.auth.registerPasskey()');
    const [passkey] = (await inPage<Result>('return c.auth.passkey.list()')).data;
    expect((await inPage<Result>('return c.auth.passkey.delete({ passkeyId: arg })', passkey.id)).error).toBeNull();
    await inPage('return c.auth.signOut()');
    const signIn = await inPage<Result>('return c.auth.signInWithPasskey()');
    expect(signIn.error).toMatchObject({ code: 'webauthn_verification_failed' });
    expect((await s.db.query('select 1 from auth.webauthn_credentials where user_id = $1', [userId])).rows).toEqual([]);
  });

  it('lets the admin API list and delete passkeys', async () => {
    const { userId } = await signedInOnPage();
    await inPage('return c.auth.registerPasskey()');
    const admin = s.service().auth.admin.passkey;
    const { data } = await admin.listPasskeys({ userId });
    expect(data).toHaveLength(1);
    expect((await admin.deletePasskey({ userId, passkeyId: data![0]!.id })).error).toBeNull();
    expect((await admin.listPasskeys({ userId })).data).toEqual([]);
  });
});

describe(`WebAuthn second factor in Chromium (${driverName})`, () => {
  it('registers a security key as a factor (aal2), and asks for it at the next sign-in', async () => {
    const { email } = await signedInOnPage('security-key');
    const reg = await inPage<Result>('return c.auth.mfa.webauthn.register({ friendlyName: "Key" })');
    expect(reg.error).toBeNull();
    const claims = decodeJwt(reg.data.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(['mfa/webauthn', 'password']);
    const factors = await inPage<Result>('return c.auth.mfa.listFactors()');
    const factor = factors.data.webauthn[0];
    expect(factor).toMatchObject({ factor_type: 'webauthn', status: 'verified', friendly_name: 'Key' });

    await inPage('return c.auth.signOut()');
    await inPage('return c.auth.signInWithPassword(arg)', { email, password });
    expect((await inPage<Result>('return c.auth.mfa.getAuthenticatorAssuranceLevel()')).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const auth = await inPage<Result>('return c.auth.mfa.webauthn.authenticate({ factorId: arg })', factor.id);
    expect(auth.error).toBeNull();
    expect((await inPage<Result>('return c.auth.mfa.getAuthenticatorAssuranceLevel()')).data).toMatchObject({ currentLevel: 'aal2' });
    // With a verified factor, passkeys are managed from aal2 only.
    await inPage('return c.auth.signOut()');
    await inPage('return c.auth.signInWithPassword(arg)', { email, password });
    expect((await inPage<Result>('return c.auth.passkey.startRegistration()')).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
  });
});
