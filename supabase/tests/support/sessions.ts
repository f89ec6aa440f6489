import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { appClient } from '../../../server/test/helpers/auth-clients.ts';
import type { GatherServer, Member } from './gather-server.ts';

// Real sessions from the auth server, as the app gets them: a password sign-in (aal1), and for
// an account with a verified TOTP factor (codes from `otpauth`) its second step (aal2).

export const PASSWORD = 'correct horse battery';

export interface Account {
  /** For `g.sqlAs`: the account's claims at aal2, so fixtures can be made as the account itself. */
  member: Member;
  email: string;
}

export interface AccountWithFactor extends Account {
  /** Signed in with the password and the TOTP code: aal2. */
  full: SupabaseClient;
  /** Signed in with the password only: aal1, nextLevel aal2. */
  half: SupabaseClient;
}

/** A confirmed email-and-password account (the profile trigger names it `username`). */
export async function account(g: GatherServer, username: string): Promise<Account> {
  const email = `${username}@test.example`;
  const { data, error } = await g.service().auth.admin.createUser({
    email, password: PASSWORD, email_confirm: true, user_metadata: { username, display_name: username },
  });
  if (error) throw error;
  const id = data.user.id;
  const claims = { sub: id, role: 'authenticated', aud: 'authenticated', app_metadata: { provider: 'email' }, aal: 'aal2' };
  return { email, member: { id, username, claims } };
}

export async function signIn(g: GatherServer, email: string): Promise<SupabaseClient> {
  const client = appClient(g);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

/** Enrolls and verifies a TOTP factor on `client`'s session, which becomes aal2. */
export async function addTotp(client: SupabaseClient): Promise<void> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (error) throw error;
  const code = TOTP.generate({ secret: Secret.fromBase32(data.totp.secret) });
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code });
  if (verified.error) throw verified.error;
}

/**
 * An account with a verified factor, signed in twice. `before` runs while it has no factor yet
 * (fixtures made then need no aal2). Both clients' realtime joins carry their session's token.
 */
export async function accountWithFactor(g: GatherServer, username: string, before?: (a: Account) => Promise<void>): Promise<AccountWithFactor> {
  const a = await account(g, username);
  await before?.(a);
  const full = await signIn(g, a.email);
  await addTotp(full);
  const half = await signIn(g, a.email);
  // supabase-js hands realtime the token of SIGNED_IN only, not the one the second step gives.
  await full.realtime.setAuth();
  await half.realtime.setAuth();
  return { ...a, full, half };
}
