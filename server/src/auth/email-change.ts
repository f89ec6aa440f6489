import type { Queryable } from '../db/db-types.ts';
import type { AuthSettings } from './auth-settings.ts';
import { emailIdentityData, findIdentity, insertIdentity, updateIdentityData } from './identity-store.ts';
import { clearAllOneTimeTokens, clearOneTimeToken } from './one-time-tokens.ts';
import { safeEqual } from './secrets.ts';
import { confirmEmail } from './user-lifecycle.ts';
import { isConfirmed, updateUser, type UserRow } from './user-store.ts';

/** GoTrue's answer to the first of two links in a secure email change. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

function matches(hash: string, stored: string | null): boolean {
  return !!stored && (safeEqual(hash, stored) || safeEqual(`pkce_${hash}`, stored));
}

/**
 * Follows one email-change link. With secure change (and confirmations on) the first of the two
 * links only records itself and returns null; the last one moves the account to the new address.
 */
export async function confirmEmailChange(
  s: AuthSettings,
  tx: Queryable,
  user: UserRow,
  hash: string,
): Promise<UserRow | null> {
  if (!s.autoconfirm && s.secureEmailChange && (user.email_change_confirm_status ?? 0) === 0 && (user.email ?? '') !== '') {
    const changes: Parameters<typeof updateUser>[2] = { email_change_confirm_status: 1 };
    if (matches(hash, user.email_change_token_current)) {
      changes.email_change_token_current = '';
      await clearOneTimeToken(tx, user.id, 'email_change_token_current');
    } else if (matches(hash, user.email_change_token_new)) {
      changes.email_change_token_new = '';
      await clearOneTimeToken(tx, user.id, 'email_change_token_new');
    }
    await updateUser(tx, user.id, changes);
    return null;
  }
  return completeEmailChange(tx, user);
}

/** Moves the account to `email_change`: the email identity follows, an anonymous user becomes permanent. */
export async function completeEmailChange(tx: Queryable, user: UserRow): Promise<UserRow> {
  const newEmail = user.email_change ?? '';
  const identity = await findIdentity(tx, user.id, 'email');
  if (identity) await updateIdentityData(tx, identity, { email: newEmail, email_verified: true });
  else await insertIdentity(tx, user.id, 'email', emailIdentityData(user.id, newEmail, true));
  await clearAllOneTimeTokens(tx, user.id);
  let updated = await updateUser(tx, user.id, {
    email: newEmail,
    email_change: '',
    email_change_token_current: '',
    email_change_token_new: '',
    email_change_confirm_status: 0,
    is_anonymous: false,
  });
  if (!isConfirmed(updated)) updated = await confirmEmail(tx, updated);
  return updated;
}
