import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configTomlNotes } from '../src/config/config-toml.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 1 (decision 0230): `[auth.hook.custom_access_token]` with a pg-functions://
// URI is called, as GoTrue calls it, whenever an access token is issued.

const URI = 'pg-functions://postgres/public/custom_access_token_hook';
const HOOK_TOML = `[auth.hook.custom_access_token]\nenabled = true\nuri = "${URI}"\n`;

function projectWith(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-auth-hooks-'));
  writeFileSync(join(dir, 'config.toml'), toml);
  return dir;
}

// Supabase's RBAC example, as apps copy it: a roles table only supabase_auth_admin may read,
// a hook adding `user_role`, and an RLS policy on that claim.
const APP_SQL = `
create table public.user_roles (user_id uuid primary key, role text not null);
grant all on table public.user_roles to supabase_auth_admin;
revoke all on table public.user_roles from authenticated, anon, public;
alter table public.user_roles enable row level security;
create policy "auth admin reads roles" on public.user_roles as permissive for select to supabase_auth_admin using (true);
create table public.staff_notes (id int primary key, body text not null);
alter table public.staff_notes enable row level security;
grant select on public.staff_notes to authenticated;
create policy "admins read" on public.staff_notes for select to authenticated using (auth.jwt() ->> 'user_role' = 'admin');
insert into public.staff_notes values (1, 'the door code is 4711');
`;

const GOOD_HOOK = `
create or replace function public.custom_access_token_hook(event jsonb) returns jsonb language plpgsql stable as $$
declare
  claims jsonb;
  user_role text;
begin
  select role into user_role from public.user_roles where user_id = (event->>'user_id')::uuid;
  claims := event->'claims';
  claims := jsonb_set(claims, '{user_role}', coalesce(to_jsonb(user_role), 'null'));
  claims := jsonb_set(claims, '{hook_ran_as}', to_jsonb(current_user::text));
  claims := jsonb_set(claims, '{hook_method}', event->'authentication_method');
  return jsonb_set(event, '{claims}', claims);
end;
$$;
grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook from authenticated, anon, public;
`;

const hookReturning = (body: string) => `
create or replace function public.custom_access_token_hook(event jsonb) returns jsonb language plpgsql as $$
begin
  ${body}
end;
$$;`;

let s: TestServer;
let n = 0;
const newEmail = () => `hook${++n}-${Date.now()}@example.com`;

async function signUp(role?: string): Promise<{ email: string; id: string }> {
  const email = newEmail();
  const { data, error } = await s.service().auth.admin.createUser({ email, password: 'correct horse', email_confirm: true });
  expect(error).toBeNull();
  if (role) await s.db.query('insert into public.user_roles values ($1, $2)', [data.user!.id, role]);
  return { email, id: data.user!.id };
}

/** The password grant over plain HTTP, with the 2024 API version header (auth-js's 500s carry no code). */
async function rawSignIn(email: string, version = true): Promise<{ status: number; body: unknown }> {
  const res = await s.fetch('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { apikey: s.keys.anonKey, 'content-type': 'application/json', ...(version ? { 'x-supabase-api-version': '2024-01-01' } : {}) },
    body: JSON.stringify({ email, password: 'correct horse' }),
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  s = await startTestServer({ project: projectWith(HOOK_TOML), rateLimitSignInSignUps: '1000', rateLimitTokenRefresh: '1000' });
  await s.db.exec(APP_SQL);
  await s.db.exec(GOOD_HOOK);
});
afterAll(() => s?.stop());

describe(`custom_access_token hook, pg-functions (${driverName})`, () => {
  it('adds a claim from a table that an RLS policy on auth.jwt() then reads', async () => {
    const admin = await signUp('admin');
    const client = s.client();
    const { data, error } = await client.auth.signInWithPassword({ email: admin.email, password: 'correct horse' });
    expect(error).toBeNull();
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ sub: admin.id, user_role: 'admin', hook_ran_as: 'supabase_auth_admin', hook_method: 'password', role: 'authenticated' });
    expect((await client.from('staff_notes').select('body')).data).toEqual([{ body: 'the door code is 4711' }]);

    const guest = await signUp();
    const other = s.client();
    const signedIn = await other.auth.signInWithPassword({ email: guest.email, password: 'correct horse' });
    expect(decodeJwt(signedIn.data.session!.access_token).user_role).toBeNull();
    expect((await other.from('staff_notes').select('body')).data).toEqual([]);
  });

  it('runs on every grant, the refresh grant included (authentication_method token_refresh)', async () => {
    const user = await signUp('admin');
    const client = s.client();
    await client.auth.signInWithPassword({ email: user.email, password: 'correct horse' });
    await s.db.query(`update public.user_roles set role = 'editor' where user_id = $1`, [user.id]);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token)).toMatchObject({ user_role: 'editor', hook_method: 'token_refresh' });
    expect((await client.from('staff_notes').select('body')).data).toEqual([]);
  });

  describe('what a hook returns is checked as GoTrue checks it', () => {
    afterAll(() => s.db.exec(GOOD_HOOK));

    it('an error object answers the client with its status and message', async () => {
      const user = await signUp();
      await s.db.exec(hookReturning(`return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Staff only today'));`));
      const { data, error } = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 403, message: 'Staff only today', code: 'unknown' });
      // GoTrue's legacy shape, without X-Supabase-Api-Version: no error_code.
      expect(await rawSignIn(user.email, false)).toEqual({ status: 403, body: { code: 403, msg: 'Staff only today' } });
      // The sign-in was rolled back: no session was left behind.
      const { rows } = await s.db.query('select id from auth.sessions where user_id = $1', [user.id]);
      expect(rows).toEqual([]);
    });

    it('a hook that raises answers 500 unexpected_failure naming the URI', async () => {
      const user = await signUp();
      await s.db.exec(hookReturning(`raise exception 'boom';`));
      // auth-js reports any 500 as retryable, without its code: both are checked over HTTP too.
      const { error } = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
      expect(error).toMatchObject({ status: 500, message: `Error running hook URI: ${URI}` });
      expect(await rawSignIn(user.email)).toEqual({ status: 500, body: { code: 'unexpected_failure', message: `Error running hook URI: ${URI}` } });
    });

    it('claims missing a required claim, or of the wrong type, answer 500 naming them', async () => {
      const user = await signUp();
      await s.db.exec(hookReturning(`return jsonb_build_object('claims', (event->'claims') - 'role' - 'session_id');`));
      const missing = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
      expect(missing.error).toMatchObject({ status: 500 });
      expect(await rawSignIn(user.email)).toMatchObject({ status: 500, body: { code: 'unexpected_failure' } });
      expect(missing.error!.message).toContain('output claims do not conform to the expected schema');
      expect(missing.error!.message).toContain('role is required');
      expect(missing.error!.message).toContain('session_id is required');
      await s.db.exec(hookReturning(`return jsonb_build_object('claims', jsonb_set(event->'claims', '{exp}', '"tomorrow"'));`));
      const wrongType = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
      expect(wrongType.error!.message).toContain('- exp: Invalid type');
    });

    it('an answer without claims answers 500 naming the URI', async () => {
      const user = await signUp();
      await s.db.exec(hookReturning(`return '{}'::jsonb;`));
      // auth-js reports any 500 as retryable, without its code: both are checked over HTTP too.
      const { error } = await s.client().auth.signInWithPassword({ email: user.email, password: 'correct horse' });
      expect(error).toMatchObject({ status: 500, message: `Error running hook URI: ${URI}` });
      expect(await rawSignIn(user.email)).toEqual({ status: 500, body: { code: 'unexpected_failure', message: `Error running hook URI: ${URI}` } });
    });
  });
});

describe('hook settings at start', () => {
  it('reads the hooks it runs; the others are named as not supported, one by one', () => {
    const dir = projectWith(`${HOOK_TOML}[auth.hook.after_user_created]\nenabled = true\nuri = "http://127.0.0.1:9/send"\nsecrets = "v1,whsec_abc"\n`);
    const notes = configTomlNotes(dir, {}).join('\n');
    expect(notes).toContain('auth.hook.after_user_created.uri');
    expect(notes).not.toContain('custom_access_token');
  });
});
