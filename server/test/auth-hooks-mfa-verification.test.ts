import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient } from './helpers/auth-clients.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 1 (decision 0234): `[auth.hook.mfa_verification_attempt]`, as in Supabase's
// example: wrong codes are counted; past the limit the hook rejects, the user is signed out.

const HOOK_SQL = `
create table public.mfa_attempts (user_id uuid, factor_type text, valid boolean);
grant select, insert on public.mfa_attempts to supabase_auth_admin;
create function public.mfa_verification_attempt(event jsonb) returns jsonb language plpgsql as $$
begin
  if (select count(*) from public.mfa_attempts where user_id = (event->>'user_id')::uuid and not valid) >= 1 then
    return jsonb_build_object('decision', 'reject', 'message', 'Locked: too many wrong codes');
  end if;
  insert into public.mfa_attempts values ((event->>'user_id')::uuid, event->>'factor_type', (event->>'valid')::boolean);
  return jsonb_build_object('decision', 'continue');
end;
$$;
grant execute on function public.mfa_verification_attempt to supabase_auth_admin;
`;

let s: TestServer;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gather-mfa-hook-'));
  writeFileSync(join(dir, 'config.toml'), '[auth.hook.mfa_verification_attempt]\nenabled = true\nuri = "pg-functions://postgres/public/mfa_verification_attempt"\n');
  s = await startTestServer({
    project: dir,
    mfaTotpEnrollEnabled: 'true',
    mfaTotpVerifyEnabled: 'true',
    rateLimitSignInSignUps: '1000',
    rateLimitTokenRefresh: '1000',
    rateLimitMfa: '1000',
  });
  await s.db.exec(HOOK_SQL);
});
afterAll(() => s?.stop());

const code = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

describe(`mfa_verification_attempt, pg-functions (${driverName})`, () => {
  it('sees each code check; a reject answers 403 mfa_verification_rejected and signs the user out', async () => {
    const email = `mfahook-${Date.now()}@example.com`;
    const created = await s.service().auth.admin.createUser({ email, password: 'correct horse', email_confirm: true });
    const id = created.data.user!.id;
    const client = appClient(s);
    expect((await client.auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'App' });
    const ok = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: code(factor!.totp.secret) });
    expect(ok.error).toBeNull();

    const wrong = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: '000000' === code(factor!.totp.secret) ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const { rows } = await s.db.query('select factor_type, valid from public.mfa_attempts where user_id = $1 order by valid desc', [id]);
    expect(rows).toEqual([{ factor_type: 'totp', valid: true }, { factor_type: 'totp', valid: false }]);

    const refused = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: code(factor!.totp.secret) });
    expect(refused.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected', message: 'Locked: too many wrong codes' });
    expect((await s.db.query('select id from auth.sessions where user_id = $1', [id])).rows).toEqual([]);
  });
});
