import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** Someone who can sign in at the test provider. */
export interface OpAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  /** The client the server under test signs in with. */
  clientId: string;
  clientSecret: string;
  /** A native app's client: its ID tokens carry this audience (signInWithIdToken). */
  nativeClientId: string;
  /** Another app of the same provider: its tokens must not be accepted. */
  otherClientId: string;
  /** Registers an account (keyed by email); unknown emails sign in as verified new accounts. */
  account(a: Partial<OpAccount> & { email: string }): OpAccount;
  /** Lets the server under test use this redirect URI (its /auth/v1/callback); call once it listens. */
  allowRedirect(uri: string): void;
  /** Signs in at `authorizeUrl` as a browser would (login form, consent granted); returns where the provider sends the browser. */
  signIn(authorizeUrl: string, email: string): Promise<string>;
  /** A genuine ID token for `client` (native app by default) from the implicit flow, nonce hashed as native SDKs do. */
  idToken(email: string, o?: { client?: string; nonce?: string }): Promise<string>;
  stop(): Promise<void>;
}

const NATIVE_REDIRECT = 'http://127.0.0.1/native-callback';
const NATIVE_CLIENT = {
  application_type: 'native',
  redirect_uris: [NATIVE_REDIRECT],
  response_types: ['id_token'],
  grant_types: ['implicit'],
  token_endpoint_auth_method: 'none',
} as const;

/** oidc-provider's storage, in memory (its own one warns on every start). */
class MemoryAdapter {
  static store = new Map<string, { payload: Record<string, unknown>; expires: number }>();
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  private key = (id: string) => `${this.name}:${id}`;
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    MemoryAdapter.store.set(this.key(id), { payload, expires: Date.now() + expiresIn * 1000 });
  }
  async find(id: string) {
    const hit = MemoryAdapter.store.get(this.key(id));
    return hit && hit.expires > Date.now() ? hit.payload : undefined;
  }
  async findByUid(uid: string) {
    for (const [k, v] of MemoryAdapter.store) if (k.startsWith(`${this.name}:`) && v.payload.uid === uid) return v.payload;
    return undefined;
  }
  async findByUserCode(code: string) {
    for (const [k, v] of MemoryAdapter.store) if (k.startsWith(`${this.name}:`) && v.payload.userCode === code) return v.payload;
    return undefined;
  }
  async consume(id: string) {
    const hit = MemoryAdapter.store.get(this.key(id));
    if (hit) hit.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [k, v] of MemoryAdapter.store) if (v.payload.grantId === grantId) MemoryAdapter.store.delete(k);
  }
}

function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair!.indexOf('=');
    jar.set(pair!.slice(0, i), pair!.slice(i + 1));
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A real OpenID provider (panva's oidc-provider) on a free port, with a plain login page: an
 * email field and a button. Logging in also grants consent for openid, email and profile.
 */
export async function startTestOpenIdProvider(): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, OpAccount>();
  const redirects = new Set<string>([NATIVE_REDIRECT]);
  let provider: Provider | undefined;
  let server: Server;

  const account = (a: Partial<OpAccount> & { email: string }): OpAccount => {
    const email = a.email.toLowerCase();
    const existing = accounts.get(email);
    const full: OpAccount = {
      sub: a.sub ?? existing?.sub ?? createHash('sha256').update(email).digest('hex').slice(0, 24),
      email: a.email,
      email_verified: a.email_verified ?? existing?.email_verified ?? true,
      name: a.name ?? existing?.name ?? email.split('@')[0],
    };
    accounts.set(email, full);
    return full;
  };

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, submit: boolean) => {
    const op = provider!;
    if (!submit) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Test OpenID provider</title></head><body><main>
<h1>Sign in to the test provider</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit">Sign in</button></form></main></body></html>`);
      return;
    }
    const form = await readForm(req);
    const details = await op.interactionDetails(req, res);
    const acc = account({ email: form.get('email') ?? '' });
    const grant = new op.Grant({ accountId: acc.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await op.interactionFinished(req, res, { login: { accountId: acc.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  };

  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (m && provider) {
      interaction(req, res, m[1]!, !!m[2]).catch((err: Error) => {
        res.writeHead(500);
        res.end(err.message);
      });
      return;
    }
    if (!provider) {
      res.writeHead(503);
      res.end('not configured yet');
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const clientId = `gather-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID();
  const nativeClientId = `native-${randomUUID().slice(0, 8)}`;
  const otherClientId = `other-${randomUUID().slice(0, 8)}`;

  const configure = () => {
    provider = new Provider(issuer, {
      clients: [
        { client_id: clientId, client_secret: clientSecret, redirect_uris: [...redirects], token_endpoint_auth_method: 'client_secret_basic' },
        // Native apps take an ID token straight from the authorization endpoint (no access token,
        // so OpenID Connect Core 5.4 puts the scopes' claims in it), as mobile SDKs hand them out.
        { client_id: nativeClientId, ...NATIVE_CLIENT },
        { client_id: otherClientId, ...NATIVE_CLIENT },
      ],
      jwks: { keys: [jwk] },
      adapter: MemoryAdapter,
      cookies: { keys: ['gather-test-op'] },
      findAccount: async (_ctx: KoaContextWithOIDC, id: string) => {
        const acc = [...accounts.values()].find((x) => x.sub === id);
        return acc ? { accountId: id, claims: async () => ({ ...acc }) } : undefined;
      },
      // The standard claims of the scopes it serves; everything else is oidc-provider's default,
      // so with an access token the email and profile claims are in userinfo only (Core 5.4).
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, i) => `/interaction/${i.uid}` },
      pkce: { required: () => false },
    });
  };
  configure();

  /** Follows the provider's redirects as a browser, logging in on the way; stops at a redirect outside the provider. */
  const signIn = async (authorizeUrl: string, email: string): Promise<string> => {
    const jar = new Map<string, string>();
    let next = authorizeUrl;
    for (let i = 0; i < 10; i++) {
      if (new URL(next).origin !== issuer) return next;
      const u = new URL(next);
      const isLogin = /^\/interaction\/[^/]+$/.test(u.pathname);
      const res = isLogin
        ? await fetch(`${u.origin}${u.pathname}/login`, {
            method: 'POST',
            redirect: 'manual',
            headers: { cookie: cookieHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ email }),
          })
        : await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
      cookiesOf(res, jar);
      const location = res.headers.get('location');
      if (location) {
        next = new URL(location, next).toString();
        continue;
      }
      const html = await res.text();
      // response_mode=form_post: the provider's auto-submitting form, posted as the browser would.
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (action) {
        const fields = new URLSearchParams();
        for (const f of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields.set(f[1]!, f[2]!.replace(/&amp;/g, '&'));
        return `POST ${action.replace(/&amp;/g, '&')} ${fields.toString()}`;
      }
      throw new Error(`test provider answered ${res.status} at ${next}: ${html.slice(0, 200)}`);
    }
    throw new Error('too many redirects at the test provider');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    nativeClientId,
    otherClientId,
    account,
    allowRedirect(uri) {
      redirects.add(uri);
      configure();
    },
    signIn,
    async idToken(email, o = {}) {
      const auth = new URL(`${issuer}/auth`);
      // The implicit flow always carries a nonce; without one asked for, a random one.
      const nonce = o.nonce ?? randomUUID();
      auth.search = new URLSearchParams({
        client_id: o.client ?? nativeClientId,
        redirect_uri: NATIVE_REDIRECT,
        response_type: 'id_token',
        scope: 'openid email profile',
        nonce: createHash('sha256').update(nonce).digest('hex'),
      }).toString();
      const back = new URL(await signIn(auth.toString(), email));
      const answer = new URLSearchParams(back.hash.slice(1));
      const token = answer.get('id_token');
      if (!token) throw new Error(`no id_token: ${back.hash}`);
      return token;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
