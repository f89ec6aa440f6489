import type { Queryable } from '../db/db-types.ts';
import { listIdentities, providersOf, updateIdentityData } from './identity-store.ts';
import { clearAllOneTimeTokens } from './one-time-tokens.ts';
import { deleteAllSessions, deleteOtherSessions } from './session-store.ts';
import { mergeMetadata, updateUser, type UserRow } from './user-store.ts';

/** GoTrue's User.Confirm: email confirmed now, user_metadata.email_verified, pending tokens gone. */
export async function confirmEmail(tx: Queryable, user: UserRow): Promise<UserRow> {
  await clearAllOneTimeTokens(tx, user.id);
  return updateUser(tx, user.id, {
    confirmation_token: '',
    email_confirmed_at: new Date(),
    raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, { email_verified: true }),
  });
}

/** After confirming, the identity carrying the confirmed address says so too. */
export async function markIdentityEmailVerified(tx: Queryable, user: UserRow): Promise<void> {
  for (const identity of await listIdentities(tx, user.id)) {
    if (identity.email && user.email && identity.email === user.email) {
      await updateIdentityData(tx, identity, { email_verified: true });
    }
  }
}

/** GoTrue's User.Recover: the recovery token is spent. */
export async function spendRecoveryToken(tx: Queryable, user: UserRow): Promise<UserRow> {
  await clearAllOneTimeTokens(tx, user.id);
  return updateUser(tx, user.id, { recovery_token: '' });
}

/** app_metadata.provider/providers from the identities the user has now. */
export async function refreshProviders(tx: Queryable, user: UserRow): Promise<UserRow> {
  const providers = await providersOf(tx, user.id);
  const patch: Record<string, unknown> = { providers };
  if (providers.length > 0) patch.provider = providers[0];
  return updateUser(tx, user.id, { raw_app_meta_data: mergeMetadata(user.raw_app_meta_data, patch) });
}

/**
 * GoTrue's UpdatePassword: the new hash, every outstanding email token revoked, and every other
 * session signed out (all of them when there is no current session).
 */
export async function changePassword(tx: Queryable, user: UserRow, hash: string, keepSessionId?: string): Promise<UserRow> {
  const updated = await updateUser(tx, user.id, {
    encrypted_password: hash,
    confirmation_token: '',
    confirmation_sent_at: null,
    recovery_token: '',
    recovery_sent_at: null,
    email_change_token_current: '',
    email_change_token_new: '',
    email_change_sent_at: null,
    reauthentication_token: '',
    reauthentication_sent_at: null,
  });
  await clearAllOneTimeTokens(tx, user.id);
  if (keepSessionId) await deleteOtherSessions(tx, user.id, keepSessionId);
  else await deleteAllSessions(tx, user.id);
  return updated;
}
