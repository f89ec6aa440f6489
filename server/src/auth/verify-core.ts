import type { Queryable } from '../db/db-types.ts';
import type { AuthContext } from './auth-context.ts';
import { confirmEmailChange } from './email-change.ts';
import { forbidden } from './errors.ts';
import { findOneTimeToken, type OneTimeTokenType } from './one-time-tokens.ts';
import { hashPassword } from './passwords.ts';
import { randomPassword, safeEqual, tokenHash } from './secrets.ts';
import { confirmEmail, markIdentityEmailVerified, refreshProviders, spendRecoveryToken } from './user-lifecycle.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed, updateUser, type UserRow } from './user-store.ts';
import { sendSecurityNotice } from './security-notices.ts';
import { accountCodeKey, CodeGuard } from './code-guard.ts';

/** The email verification types /verify accepts. */
export const EMAIL_VERIFY_TYPES = new Set(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']);

const LINK_EXPIRED = 'Email link is invalid or has expired';
const OTP_EXPIRED = 'Token has expired or is invalid';

const TOKEN_TYPES: Record<string, OneTimeTokenType[]> = {
  email: ['confirmation_token', 'recovery_token'],
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};

export interface Verified {
  user: UserRow;
  /** `email` resolves to `signup` or `magiclink`, as in GoTrue. */
  type: string;
}

function expired(sentAt: Date | null, a: AuthContext): boolean {
  return !sentAt || Date.now() > sentAt.getTime() + a.settings.otpExpirySeconds * 1000;
}

/** A code entered by the user: valid when unexpired and equal to the stored hash (with or without `pkce_`). */
function otpValid(hash: string, stored: string | null, sentAt: Date | null, a: AuthContext): boolean {
  if (!stored || expired(sentAt, a)) return false;
  return safeEqual(hash, stored) || safeEqual(`pkce_${hash}`, stored);
}

/** A link (GET /verify) or `token_hash` (POST): looked up through auth.one_time_tokens. */
export async function userByTokenHash(a: AuthContext, tx: Queryable, type: string, hash: string): Promise<Verified> {
  const ott = await findOneTimeToken(tx, hash, TOKEN_TYPES[type] ?? []);
  const user = ott && (await findUserById(tx, ott.user_id, true));
  if (!ott || !user) throw forbidden('otp_expired', LINK_EXPIRED);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  let resolved = type;
  let sentAt: Date | null;
  let stored: string | null;
  if (type === 'email') {
    const viaRecovery = ott.token_type === 'recovery_token';
    resolved = viaRecovery ? 'magiclink' : 'signup';
    [sentAt, stored] = viaRecovery ? [user.recovery_sent_at, user.recovery_token] : [user.confirmation_sent_at, user.confirmation_token];
  } else if (type === 'signup' || type === 'invite') {
    [sentAt, stored] = [user.confirmation_sent_at, user.confirmation_token];
  } else if (type === 'recovery' || type === 'magiclink') {
    [sentAt, stored] = [user.recovery_sent_at, user.recovery_token];
  } else {
    sentAt = user.email_change_sent_at;
    stored = ott.token_type === 'email_change_token_current' ? user.email_change_token_current : user.email_change_token_new;
  }
  // The user's row must still hold this token: a spent or replaced one is as good as expired.
  if (!stored || !safeEqual(stored, hash) || expired(sentAt, a)) throw forbidden('otp_expired', LINK_EXPIRED);
  return { user, type: resolved };
}

/**
 * The account a code typed with `email` is for, locked: by its address, or — for an email
 * change — the one whose current or new code this is, else (to count a wrong guess) one
 * changing to or from that address.
 */
export async function emailOtpAccount(a: AuthContext, tx: Queryable, type: string, email: string, hash: string): Promise<UserRow | undefined> {
  if (type !== 'email_change') return findUserByEmail(tx, email, a.settings.aud, true);
  const types: OneTimeTokenType[] = a.settings.secureEmailChange
    ? ['email_change_token_current', 'email_change_token_new']
    : ['email_change_token_new'];
  const ott = (await findOneTimeToken(tx, hash, types)) ?? (await findOneTimeToken(tx, `pkce_${hash}`, types));
  if (ott) return findUserById(tx, ott.user_id, true);
  const { rows } = await tx.query<UserRow>(
    `select * from auth.users where aud = $2 and coalesce(email_change, '') <> ''
       and (lower(email_change) = lower($1) or lower(email) = lower($1))
     order by created_at limit 1 for update`,
    [email, a.settings.aud],
  );
  return rows[0];
}

/** What a typed code verifies for this user (`email` resolves to `signup` or `magiclink`, as in GoTrue), or null. */
export function matchEmailOtp(a: AuthContext, user: UserRow, type: string, hash: string): string | null {
  switch (type) {
    case 'email':
      if (otpValid(hash, user.confirmation_token, user.confirmation_sent_at, a)) return 'signup';
      if (otpValid(hash, user.recovery_token, user.recovery_sent_at, a)) return 'magiclink';
      return null;
    case 'signup':
    case 'invite':
      return otpValid(hash, user.confirmation_token, user.confirmation_sent_at, a) ? type : null;
    case 'recovery':
    case 'magiclink':
      return otpValid(hash, user.recovery_token, user.recovery_sent_at, a) ? type : null;
    case 'email_change': {
      const current = a.settings.secureEmailChange && otpValid(hash, user.email_change_token_current, user.email_change_sent_at, a);
      return current || otpValid(hash, user.email_change_token_new, user.email_change_sent_at, a) ? type : null;
    }
    default:
      return null;
  }
}

/**
 * A code typed in by the user (POST /verify with `email` and `token`), counted against the
 * account (decision 0258): locked, it is not even looked at; wrong, it is counted and the
 * transaction still commits (run this under `committing`).
 */
export async function userByEmailOtp(a: AuthContext, tx: Queryable, type: string, email: string, otp: string): Promise<Verified> {
  const hash = tokenHash(a.server.keys, email, otp);
  const user = await emailOtpAccount(a, tx, type, email, hash);
  if (!user) throw forbidden('otp_expired', OTP_EXPIRED);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const guard = await CodeGuard.open(a, tx, user, 'email');
  const resolved = matchEmailOtp(a, user, type, hash);
  if (!resolved) return guard.wrong(accountCodeKey(user, 'email'), forbidden('otp_expired', OTP_EXPIRED));
  await guard.right();
  return { user, type: resolved };
}

/**
 * What following the link does: confirm the address (signup, invite), spend the recovery token
 * (magic link, recovery; confirming too if needed), or move to a new address. Returns null for
 * the first half of a secure email change.
 */
export async function applyVerification(a: AuthContext, tx: Queryable, v: Verified, hash: string): Promise<UserRow | null> {
  let user = v.user;
  switch (v.type) {
    case 'signup':
    case 'invite':
      if (!user.encrypted_password && user.invited_at) {
        // An invited user gets a random password until they choose one, as in GoTrue.
        user = await updateUser(tx, user.id, { encrypted_password: await hashPassword(randomPassword()) });
      }
      user = await confirmEmail(tx, user);
      await markIdentityEmailVerified(tx, user);
      break;
    case 'recovery':
    case 'magiclink':
      user = await spendRecoveryToken(tx, user);
      if (!isConfirmed(user)) user = await confirmEmail(tx, user);
      break;
    case 'email_change': {
      const changed = await confirmEmailChange(a.settings, tx, user, hash);
      if (!changed) return null;
      // GoTrue tells the old address that the account moved (decision 0238).
      const old = user.email ?? '';
      if (old !== '' && old.toLowerCase() !== (changed.email ?? '').toLowerCase()) {
        await sendSecurityNotice(a, tx, changed, 'email_changed', { to: old, oldEmail: old });
      }
      user = changed;
      break;
    }
  }
  return refreshProviders(tx, user);
}
