import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A GitHub account as the test double knows it. */
export interface GithubAccount {
  id: number;
  login: string;
  name: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface GithubDouble {
  /** The GitHub Enterprise-style base URL: `[auth.external.github] url`. */
  url: string;
  clientId: string;
  clientSecret: string;
  account(a: Omit<GithubAccount, 'id'> & { id?: number }): GithubAccount;
  /** Approves the request at `authorizeUrl` as `login` (the consent page's button); returns the redirect back to the app. */
  signIn(authorizeUrl: string, login: string): Promise<string>;
  /** Codes exchanged so far (a code works once). */
  exchanged: string[];
  stop(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const chunk of req) s += chunk;
  return s;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local stand-in for GitHub's documented OAuth web flow and the two API calls GoTrue makes:
 * GET /login/oauth/authorize (a page with an "Authorize" button), POST
 * /login/oauth/access_token (client secret, single-use code, same redirect_uri; JSON with
 * `Accept: application/json`), GET /api/v3/user and /api/v3/user/emails with the token.
 */
export async function startGithubDouble(): Promise<GithubDouble> {
  const accounts = new Map<string, GithubAccount>();
  const codes = new Map<string, { login: string; clientId: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  const exchanged: string[] = [];
  const clientId = `Iv1.${randomUUID().slice(0, 12)}`;
  const clientSecret = randomUUID().replace(/-/g, '');
  let nextId = 1000;

  const json = (res: import('node:http').ServerResponse, status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const auth = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId) return json(res, 404, { error: 'unknown client' });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Test GitHub</title></head><body><main><h1>Authorize the app</h1>
<form method="post" action="/login/oauth/authorize/approve">
${['client_id', 'redirect_uri', 'state', 'scope'].map((k) => `<input type="hidden" name="${k}" value="${esc(q.get(k) ?? '')}">`).join('\n')}
<label for="login">Username</label> <input id="login" name="login" required>
<button type="submit">Authorize</button></form></main></body></html>`);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/authorize/approve') {
      const f = new URLSearchParams(await body(req));
      const login = f.get('login') ?? '';
      if (!accounts.has(login)) return json(res, 404, { error: 'no such user' });
      const code = randomUUID().replace(/-/g, '').slice(0, 20);
      codes.set(code, { login, clientId: f.get('client_id') ?? '', redirectUri: f.get('redirect_uri') ?? '' });
      const back = new URL(f.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', f.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const f = new URLSearchParams(await body(req));
      const code = f.get('code') ?? '';
      const grant = codes.get(code);
      codes.delete(code);
      exchanged.push(code);
      // GitHub answers refusals with 200 and an error field.
      if (f.get('client_id') !== clientId || f.get('client_secret') !== clientSecret) return json(res, 200, { error: 'incorrect_client_credentials' });
      if (!grant || grant.redirectUri !== f.get('redirect_uri')) return json(res, 200, { error: 'bad_verification_code' });
      const token = `gho_${randomUUID().replace(/-/g, '')}`;
      tokens.set(token, grant.login);
      return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
    }
    const login = auth ? tokens.get(auth) : undefined;
    if (url.pathname === '/api/v3/user' || url.pathname === '/api/v3/user/emails') {
      if (!login) return json(res, 401, { message: 'Bad credentials' });
      const a = accounts.get(login)!;
      return url.pathname === '/api/v3/user'
        ? json(res, 200, { id: a.id, login: a.login, name: a.name, avatar_url: `https://avatars.example/${a.id}` })
        : json(res, 200, a.emails);
    }
    json(res, 404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    exchanged,
    account(a) {
      const full = { ...a, id: a.id ?? nextId++ };
      accounts.set(a.login, full);
      return full;
    },
    async signIn(authorizeUrl, login) {
      const page = new URL(authorizeUrl);
      const form = new URLSearchParams({ login });
      for (const k of ['client_id', 'redirect_uri', 'state', 'scope']) form.set(k, page.searchParams.get(k) ?? '');
      const res = await fetch(`${url}/login/oauth/authorize/approve`, { method: 'POST', redirect: 'manual', body: form });
      const location = res.headers.get('location');
      if (!location) throw new Error(`test GitHub answered ${res.status}: ${await res.text()}`);
      return location;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
