import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/load-config.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 1 (decision 0231): the custom_access_token hook at an http(s):// URI, signed
// as Standard Webhooks; a local server verifies each call with the `standardwebhooks` package.

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const verifier = new Webhook(SECRET);

interface Call {
  id: string;
  event: { user_id: string; claims: Record<string, unknown>; authentication_method: string };
}
const calls: Call[] = [];
/** What the hook answers next; each answer is used once, then `good`. */
let answers: ((res: ServerResponse, call: Call) => void)[] = [];
const good = (res: ServerResponse, call: Call) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ claims: { ...call.event.claims, user_role: 'admin' } }));
};

function projectWith(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-auth-hooks-http-'));
  writeFileSync(join(dir, 'config.toml'), toml);
  return dir;
}

let hookServer: Server;
let uri: string;
let s: TestServer;
beforeAll(async () => {
  hookServer = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // Throws on a bad signature, a stale timestamp or missing headers.
      const event = verifier.verify(body, req.headers as Record<string, string>) as Call['event'];
      const call = { id: String(req.headers['webhook-id']), event };
      calls.push(call);
      (answers.shift() ?? good)(res, call);
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
  uri = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hooks/access-token`;
  const toml = `[auth.hook.custom_access_token]\nenabled = true\nuri = "${uri}"\nsecrets = "v1,${SECRET}"\n`;
  s = await startTestServer({ project: projectWith(toml), rateLimitSignInSignUps: '1000', rateLimitTokenRefresh: '1000' });
});
afterAll(async () => {
  await s?.stop();
  hookServer?.closeAllConnections();
  await new Promise((r) => hookServer?.close(r));
});

let n = 0;
async function newUser(): Promise<{ email: string; id: string }> {
  const email = `httphook${++n}-${Date.now()}@example.com`;
  const { data, error } = await s.service().auth.admin.createUser({ email, password: 'correct horse', email_confirm: true });
  expect(error).toBeNull();
  return { email, id: data.user!.id };
}

describe(`custom_access_token hook over HTTP (${driverName})`, () => {
  it('is called with a verified Standard Webhooks signature and its claims are the token', async () => {
    const user = await newUser();
    calls.length = 0;
    const client = s.client();
    const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: 'correct horse' });
    expect(error).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.event).toMatchObject({ user_id: user.id, authentication_method: 'password', claims: { sub: user.id, role: 'authenticated', aal: 'aal1' } });
    expect(decodeJwt(data.session!.access_token)).toMatchObject({ sub: user.id, user_role: 'admin' });
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(calls.at(-1)!.event.authentication_method).toBe('token_refresh');
  });

  it('retries a 503 with Retry-After, with a new webhook-id', async () => {
    const user = await newUser();
    calls.length = 0;
    answers = [(res) => res.writeHead(503, { 'retry-after': '1' }).end()];
    const { data, error } = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token).user_role).toBe('admin');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.id).not.toBe(calls[1]!.id);
  });

  it("answers the hook's error object, and a failing hook as GoTrue does", async () => {
    const user = await newUser();
    answers = [(res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { http_code: 429, message: 'Slow down' } }))];
    const refused = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
    expect(refused.error).toMatchObject({ status: 429, message: 'Slow down' });

    answers = [(res) => res.writeHead(500).end('oops')];
    const failed = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
    expect(failed.error).toMatchObject({ status: 500, message: `Error running hook URI: ${uri}` });

    answers = [(res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('{}')];
    const notJson = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
    expect(notJson.error).toMatchObject({ status: 500, message: `Error running hook URI: ${uri}` });
    const { rows } = await s.db.query('select id from auth.sessions where user_id = $1', [user.id]);
    expect(rows).toEqual([]);
  });

  it('gives up after its 5 s deadline when the hook does not answer', async () => {
    const user = await newUser();
    answers = [() => undefined]; // never answers
    const { error } = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
    expect(error).toMatchObject({ status: 500, message: `Error running hook URI: ${uri}` });
  }, 20_000);
});

describe('http hook settings', () => {
  const load = (toml: string) => () => loadConfig({ project: projectWith(toml) }, {});
  it('refuse plain http beyond this machine, and missing or malformed secrets, as GoTrue does', () => {
    const hook = (uri: string, secrets?: string) =>
      `[auth.hook.custom_access_token]\nenabled = true\nuri = "${uri}"\n${secrets ? `secrets = "${secrets}"\n` : ''}`;
    expect(load(hook('http://hooks.example.com/x', `v1,${SECRET}`))).toThrow(ConfigError);
    expect(load(hook('http://hooks.example.com/x', `v1,${SECRET}`))).toThrow(/use https/);
    expect(load(hook('https://hooks.example.com/x'))).toThrow(/secrets are required/);
    expect(load(hook('https://hooks.example.com/x', 'whsec_abc'))).toThrow(/v1,whsec_/);
    expect(load(hook('https://hooks.example.com/x', `v1,${SECRET}`))).not.toThrow();
  });
});
