import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 1 (decision 0233): `[auth.hook.password_verification_attempt]`, as in
// Supabase's example: failed attempts are counted, and past a limit every attempt is refused
// and the user signed out everywhere.

const HOOK_SQL = `
create table public.password_attempts (user_id uuid, valid boolean, at timestamptz default now());
grant select, insert on public.password_attempts to supabase_auth_admin;
create function public.password_verification_attempt(event jsonb) returns jsonb language plpgsql as $$
declare
  failures int;
begin
  select count(*) into failures from public.password_attempts where user_id = (event->>'user_id')::uuid and not valid;
  if failures >= 2 then
    return jsonb_build_object('decision', 'reject', 'message', 'Too many attempts: ask for a new password', 'should_logout_user', true);
  end if;
  insert into public.password_attempts (user_id, valid) values ((event->>'user_id')::uuid, (event->>'valid')::boolean);
  return jsonb_build_object('decision', 'continue');
end;
$$;
grant execute on function public.password_verification_attempt to supabase_auth_admin;
`;

let s: TestServer;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gather-password-hook-'));
  writeFileSync(join(dir, 'config.toml'), '[auth.hook.password_verification_attempt]\nenabled = true\nuri = "pg-functions://postgres/public/password_verification_attempt"\n');
  s = await startTestServer({ project: dir, rateLimitSignInSignUps: '1000', rateLimitTokenRefresh: '1000' });
  await s.db.exec(HOOK_SQL);
});
afterAll(() => s?.stop());

describe(`password_verification_attempt, pg-functions (${driverName})`, () => {
  it('sees each attempt with its validity; a reject answers 400 with its message and signs the user out', async () => {
    const email = `pwhook-${Date.now()}@example.com`;
    const created = await s.service().auth.admin.createUser({ email, password: 'correct horse', email_confirm: true });
    const id = created.data.user!.id;
    const first = s.client();
    expect((await first.auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();
    for (let i = 0; i < 2; i++) {
      const wrong = await s.client().auth.signInWithPassword({ email, password: 'wrong horse' });
      expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    const { rows } = await s.db.query('select valid from public.password_attempts where user_id = $1 order by at', [id]);
    expect(rows).toEqual([{ valid: true }, { valid: false }, { valid: false }]);

    const refused = await s.client().auth.signInWithPassword({ email, password: 'correct horse' });
    expect(refused.data.session).toBeNull();
    expect(refused.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Too many attempts: ask for a new password' });
    // should_logout_user: the earlier session is gone.
    expect((await s.db.query('select id from auth.sessions where user_id = $1', [id])).rows).toEqual([]);
    const refresh = await first.auth.refreshSession();
    expect(refresh.error).not.toBeNull();
  });
});
