import type { Queryable } from '../../db/db-types.ts';
import type { AuthContext } from '../auth-context.ts';
import { sendConfirmation } from '../auth-mail.ts';
import { AuthError, badRequest, forbidden, unprocessable } from '../errors.ts';
import { findIdentity, insertIdentity, listIdentities, updateIdentityData, type IdentityRow } from '../identity-store.ts';
import { confirmEmail, refreshProviders } from '../user-lifecycle.ts';
import { createUser } from '../hooks/before-user-created.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed, mergeMetadata, updateUser, type UserRow } from '../user-store.ts';
import { identityData, type ExternalProfile } from './profiles.ts';
import { sendSecurityNotice } from '../security-notices.ts';
import { CommitThenRefuse } from '../commit-then-refuse.ts';

/** An account created through an external identity: one place, so sign-up hooks can wrap it later. */
async function createExternalUser(a: AuthContext, tx: Queryable, provider: string, email: string | null, data: Record<string, unknown>): Promise<UserRow> {
  if (!a.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const user = await createUser(a, tx, {
    aud: a.settings.aud,
    role: a.settings.defaultRole,
    email,
    encryptedPassword: null,
    appMetadata: { provider, providers: [provider] },
    userMetadata: data,
  });
  await insertIdentity(tx, user.id, provider, data);
  return user;
}

/**
 * GoTrue's RemoveUnconfirmedIdentities: someone who registered this address without confirming
 * it must not keep a way in once the real owner arrives through a provider (account pre-hijack).
 */
async function removeUnconfirmedAccess(tx: Queryable, user: UserRow, keep: IdentityRow): Promise<UserRow> {
  let u = user;
  if (keep.provider !== 'email' && keep.provider !== 'phone') u = await updateUser(tx, u.id, { encrypted_password: null });
  u = await updateUser(tx, u.id, { raw_user_meta_data: keep.identity_data });
  await tx.query('delete from auth.identities where user_id = $1 and id <> $2', [u.id, keep.id]);
  return refreshProviders(tx, u);
}

/** The account a provider's verified addresses point to, if exactly one does (GoTrue's DetermineAccountLinking). */
async function accountByVerifiedEmail(a: AuthContext, tx: Queryable, verified: string[]): Promise<UserRow | 'several' | undefined> {
  if (verified.length === 0) return undefined;
  const { rows } = await tx.query<{ user_id: string }>(
    `select distinct user_id from auth.identities where email = any($1::text[])
     union
     select id from auth.users where lower(email) = any($1::text[]) and aud = $2 and is_sso_user = false`,
    [verified, a.settings.aud],
  );
  if (rows.length > 1) return 'several';
  return rows[0] ? findUserById(tx, rows[0].user_id, true) : undefined;
}

export interface ExternalSignIn {
  user: UserRow;
  created: boolean;
}

/**
 * Sign-in or sign-up through a provider (GoTrue's createAccountFromExternalIdentity): the known
 * identity's account; else the one account a provider-verified address belongs to, which gains
 * this identity; else a new account. An address the provider has not verified never links (we
 * do not count it verified when confirmations are off, as GoTrue does) and is confirmed by mail
 * before the account can sign in, unless confirmations are off.
 */
export async function signInWithIdentity(a: AuthContext, tx: Queryable, provider: string, profile: ExternalProfile, emailOptional: boolean): Promise<ExternalSignIn> {
  const data = identityData(profile);
  const sub = typeof data.sub === 'string' ? data.sub : '';
  if (sub === '') throw badRequest('validation_failed', 'Missing sub claim from the external provider');
  if (profile.emails.length === 0 && !emailOptional) throw badRequest('validation_failed', 'Error getting user email from external provider');
  const candidate = profile.emails.find((e) => e.primary) ?? profile.emails.at(-1);
  const candidateEmail = candidate ? candidate.email.toLowerCase() : '';
  const verified = profile.emails.filter((e) => e.verified).map((e) => e.email.toLowerCase());

  let user: UserRow | undefined;
  let identity = await findIdentity(tx, sub, provider);
  let created = false;
  let linked = false;
  if (identity) {
    identity = await updateIdentityData(tx, identity, data);
    await tx.query('update auth.identities set last_sign_in_at = now() where id = $1', [identity.id]);
    user = await findUserById(tx, identity.user_id, true);
  } else {
    const match = await accountByVerifiedEmail(a, tx, verified);
    if (match === 'several') throw new AuthError(500, 'unexpected_failure', 'Multiple accounts with the same email address in the same linking domain detected: default');
    if (match) {
      user = match;
      identity = await insertIdentity(tx, user.id, provider, data);
      linked = true;
    } else {
      // An address another account holds, unverified here, is left off the new account.
      const taken = candidateEmail !== '' && (await findUserByEmail(tx, candidateEmail, a.settings.aud)) !== undefined;
      user = await createExternalUser(a, tx, provider, candidateEmail === '' || taken ? null : candidateEmail, data);
      identity = (await listIdentities(tx, user.id))[0]!;
      created = true;
    }
  }
  if (!user) throw forbidden('user_not_found', 'User not found');
  if (!created) {
    user = await updateUser(tx, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) });
    user = await refreshProviders(tx, user);
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');

  const hasEmail = !(emailOptional && candidateEmail === '');
  if (hasEmail && !isConfirmed(user)) {
    if (linked || !created) user = await removeUnconfirmedAccess(tx, user, identity);
    const verifiedCandidate = candidate !== undefined && candidate.verified;
    if (verifiedCandidate || a.settings.autoconfirm) {
      user = await confirmEmail(tx, user);
    } else {
      if (user.email) await sendConfirmation({ auth: a, tx, user, referrer: a.settings.siteUrl, pkce: false });
      const message = user.email
        ? `Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`
        : `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`;
      throw new CommitThenRefuse(unprocessable('provider_email_needs_verification', message));
    }
  }
  return { user, created };
}

/**
 * Manual linking (GoTrue's linkIdentityToUser): the identity joins the signed-in account; an
 * account without an address takes the provider's, confirmed only if the provider verified it.
 */
export async function linkIdentity(a: AuthContext, tx: Queryable, target: UserRow, provider: string, profile: ExternalProfile): Promise<UserRow> {
  const data = identityData(profile);
  const sub = typeof data.sub === 'string' ? data.sub : '';
  if (sub === '') throw badRequest('validation_failed', 'Missing sub claim from the external provider');
  const existing = await findIdentity(tx, sub, provider);
  if (existing) {
    throw unprocessable('identity_already_exists', existing.user_id === target.id ? 'Identity is already linked' : 'Identity is already linked to another user');
  }
  await insertIdentity(tx, target.id, provider, data);
  let user = (await findUserById(tx, target.id, true))!;
  if (!user.email && typeof data.email === 'string' && data.email !== '') {
    const email = data.email.toLowerCase();
    if (await findUserByEmail(tx, email, a.settings.aud)) {
      throw badRequest('email_exists', 'A user with this email address has already been registered');
    }
    user = await updateUser(tx, user.id, { email });
    if (data.email_verified !== true) {
      await sendConfirmation({ auth: a, tx, user, referrer: a.settings.siteUrl, pkce: false });
      throw new CommitThenRefuse(unprocessable('email_not_confirmed', `Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`));
    }
    user = await confirmEmail(tx, user);
    if (user.is_anonymous) user = await updateUser(tx, user.id, { is_anonymous: false });
  }
  await sendSecurityNotice(a, tx, user, 'identity_linked', { provider });
  return refreshProviders(tx, user);
}
