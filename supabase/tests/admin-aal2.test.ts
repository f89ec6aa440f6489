import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient } from '../../server/test/helpers/auth-clients.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';

// Decision 0145: a site admin with a verified factor is an admin only at aal2, in the database
// (private.is_admin(), which every admin procedure and policy asks). Driven through the real
// server: password sign-in, a TOTP factor enrolled and verified with codes from `otpauth`.

let g: GatherServer;
let target: Member;
const password = 'correct horse battery';
let n = 0;

beforeAll(async () => {
  g = await startGather();
  target = await g.member('target');
});
afterAll(() => g.stop());

async function newAdmin(): Promise<string> {
  const email = `admin${++n}@test.example`;
  const { error } = await g.service().auth.admin.createUser({ email, password, email_confirm: true, app_metadata: { role: 'admin' } });
  if (error) throw error;
  return email;
}

async function signIn(email: string): Promise<SupabaseClient> {
  const client = appClient(g);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

const code = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/** Suspends and restores `target`: the error code of the first refusal, or 'ok'. */
async function adminProcedure(client: SupabaseClient): Promise<string> {
  for (const suspended of [true, false]) {
    const { error } = await client.rpc('suspend_user', { user_id: target.id, suspended, reason: 'aal test' });
    if (error) return error.code;
  }
  return 'ok';
}

async function auditRows(client: SupabaseClient): Promise<number> {
  const { data, error } = await client.from('moderation_log').select('id');
  if (error) throw error;
  return data.length;
}

describe(`admins with a second factor need aal2 (${driverName})`, () => {
  it('an admin without a verified factor acts at aal1, as before', async () => {
    const email = await newAdmin();
    const client = await signIn(email);
    expect(await adminProcedure(client)).toBe('ok');
    // An enrolled but unverified factor does not count yet.
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(error).toBeNull();
    expect(await adminProcedure(client)).toBe('ok');
  });

  it('once a factor is verified, an aal1 token is refused and the aal2 one passes', async () => {
    const email = await newAdmin();
    const first = await signIn(email);
    const { data: enrolled } = await first.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const verified = await first.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: code(enrolled!.totp.secret) });
    expect(verified.error).toBeNull();
    expect((await first.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');

    // A password alone (a new session) is aal1: the procedure is refused before it asks whether
    // the caller is an admin (every procedure waits for the second factor, decision 0262), and
    // the log is hidden.
    const second = await signIn(email);
    expect((await second.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(await adminProcedure(second)).toBe('insufficient_aal');
    const refused = await second.rpc('suspend_user', { user_id: target.id, suspended: true });
    expect(refused.status).toBe(403);
    expect(await auditRows(second)).toBe(0);

    expect(await adminProcedure(first)).toBe('ok');
    expect(await auditRows(first)).toBeGreaterThan(0);
  });

  it('an aal2 claim does not make a member an admin', async () => {
    const member = await g.member('plain');
    const asAal2 = g.sqlAs({ ...member, claims: { ...member.claims, aal: 'aal2' } });
    expect(await asAal2<{ admin: boolean }>('select private.is_admin() as admin')).toEqual([{ admin: false }]);
  });
});
