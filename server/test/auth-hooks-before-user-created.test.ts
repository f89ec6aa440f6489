import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 1 (decision 0232): `[auth.hook.before_user_created]` may refuse a sign-up
// with GoTrue's error object; pg-functions and http(s) alike.

function projectWith(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-before-user-'));
  writeFileSync(join(dir, 'config.toml'), `[auth]\nenable_anonymous_sign_ins = true\n${toml}`);
  return dir;
}

const HOOK_SQL = `
create table public.signup_attempts (email text, is_anonymous boolean, hook_name text);
grant insert on public.signup_attempts to supabase_auth_admin;
create function public.before_user_created(event jsonb) returns jsonb language plpgsql as $$
begin
  insert into public.signup_attempts values (event->'user'->>'email', (event->'user'->>'is_anonymous')::boolean, event->'metadata'->>'name');
  if (event->'user'->>'email') like '%@blocked.example' then
    return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Sign-ups from this domain are closed'));
  end if;
  return '{}'::jsonb;
end;
$$;
grant execute on function public.before_user_created to supabase_auth_admin;
`;

describe(`before_user_created, pg-functions (${driverName})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      project: projectWith('[auth.hook.before_user_created]\nenabled = true\nuri = "pg-functions://postgres/public/before_user_created"\n'),
      rateLimitSignInSignUps: '1000',
      rateLimitAnonymousUsers: '1000',
    });
    await s.db.exec(HOOK_SQL);
  });
  afterAll(() => s?.stop());

  it('refuses a sign-up with the status and message the hook returns, creating nothing', async () => {
    const email = `no-${Date.now()}@blocked.example`;
    const { data, error } = await s.client().auth.signUp({ email, password: 'correct horse' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 403, message: 'Sign-ups from this domain are closed' });
    expect((await s.db.query('select id from auth.users where email = $1', [email])).rows).toEqual([]);
  });

  it('lets other sign-ups through, anonymous ones included, with GoTrue event', async () => {
    const email = `yes-${Date.now()}@example.com`;
    const ok = await s.client().auth.signUp({ email, password: 'correct horse' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe(email);
    const anon = await s.client().auth.signInAnonymously();
    expect(anon.error).toBeNull();
    const { rows } = await s.db.query('select email, is_anonymous, hook_name from public.signup_attempts where email = $1 or is_anonymous', [email]);
    expect(rows).toEqual([
      { email, is_anonymous: false, hook_name: 'before-user-created' },
      { email: '', is_anonymous: true, hook_name: 'before-user-created' },
    ]);
  });

  it('also guards invitations and generated sign-up links, as GoTrue; admin.createUser does not call it', async () => {
    const admin = s.service().auth.admin;
    const invited = `inv-${Date.now()}@blocked.example`;
    const invite = await admin.inviteUserByEmail(invited);
    expect(invite.error).toMatchObject({ status: 403, message: 'Sign-ups from this domain are closed' });
    for (const type of ['signup', 'invite', 'magiclink'] as const) {
      const email = `${type}-${Date.now()}@blocked.example`;
      const link = await admin.generateLink({ type, email, password: 'correct horse' } as never);
      expect(link.error).toMatchObject({ status: 403, message: 'Sign-ups from this domain are closed' });
      expect((await s.db.query('select id from auth.users where email = $1', [email])).rows).toEqual([]);
    }
    expect((await s.db.query('select id from auth.users where email = $1', [invited])).rows).toEqual([]);
    const allowed = `inv-${Date.now()}@example.com`;
    expect((await admin.inviteUserByEmail(allowed)).error).toBeNull();
    const direct = `direct-${Date.now()}@blocked.example`;
    expect((await admin.createUser({ email: direct, password: 'correct horse' })).error).toBeNull();
    const { rows } = await s.db.query<{ email: string }>('select email from public.signup_attempts where email in ($1, $2)', [allowed, direct]);
    expect(rows).toEqual([{ email: allowed }]);
  });
});

describe(`before_user_created over HTTP (${driverName})`, () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const verifier = new Webhook(secret);
  let hook: Server;
  let s: TestServer;
  const seen: { user: { email: string } }[] = [];
  beforeAll(async () => {
    hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const event = verifier.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as { user: { email: string } };
        seen.push(event);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(event.user.email.endsWith('@blocked.example') ? { error: { http_code: 400, message: 'Use your work address' } } : {}));
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const uri = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/before-user-created`;
    s = await startTestServer({
      project: projectWith(`[auth.hook.before_user_created]\nenabled = true\nuri = "${uri}"\nsecrets = "v1,${secret}"\n`),
      rateLimitSignInSignUps: '1000',
    });
  });
  afterAll(async () => {
    await s?.stop();
    hook?.closeAllConnections();
    await new Promise((r) => hook?.close(r));
  });

  it('refuses and allows as the signed hook answers', async () => {
    const refused = await s.client().auth.signUp({ email: `x-${Date.now()}@blocked.example`, password: 'correct horse' });
    expect(refused.error).toMatchObject({ status: 400, message: 'Use your work address' });
    const email = `y-${Date.now()}@example.com`;
    const ok = await s.client().auth.signUp({ email, password: 'correct horse' });
    expect(ok.error).toBeNull();
    expect(seen.map((e) => e.user.email).at(-1)).toBe(email);
  });
});
