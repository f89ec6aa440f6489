import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './auth-context.ts';
import { sendEmailChange } from './auth-mail.ts';
import type { AuthedUser } from './authenticate.ts';
import { completeEmailChange } from './email-change.ts';
import { sendSecurityNotice } from './security-notices.ts';
import { AuthError, badRequest, forbidden, unprocessable } from './errors.ts';
import { listFactors } from './factor-store.ts';
import { isAal2 } from './mfa-core.ts';
import { createFlowState, validatePkceParams } from './flow-state.ts';

import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import { referrerOf } from './redirects.ts';
import { bodyOf, obj, optStr, str } from './request-body.ts';
import { safeEqual, tokenHash } from './secrets.ts';
import { loadUserJson } from './user-json.ts';
import { changePassword, refreshProviders } from './user-lifecycle.ts';
import { emailInUse, findUserById, findUserByPhone, mergeMetadata, updateUser, type UserRow } from './user-store.ts';
import { completePhoneChange, sendPhoneOtp, validateChannel, validatePhone } from './phone.ts';
import { validateEmail } from './validation.ts';
import { accountCodeKey, CodeGuard } from './code-guard.ts';
import { committing } from './commit-then-refuse.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * With secure password change on, GoTrue asks sessions older than a day for the code that
 * /reauthenticate sent (`nonce`). Wrong codes are counted against the account (decision 0258).
 */
async function checkReauthentication(a: AuthContext, authed: AuthedUser, nonce: string): Promise<void> {
  const session = authed.session;
  if (session && Date.now() <= session.created_at.getTime() + DAY_MS) return;
  if (nonce === '') throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  await committing(a.server.db, async (tx) => {
    const u = await findUserById(tx, authed.user.id, true);
    if (!u) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    const guard = await CodeGuard.open(a, tx, u, 'reauthentication');
    const sentAt = u.reauthentication_sent_at;
    const fresh = sentAt && Date.now() <= sentAt.getTime() + a.settings.otpExpirySeconds * 1000;
    if (!u.reauthentication_token || !fresh || !safeEqual(tokenHash(a.server.keys, u.email || u.phone || '', nonce), u.reauthentication_token)) {
      return guard.wrong(accountCodeKey(u, 'reauthentication'), unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid'));
    }
    await guard.right();
  });
}

/** With a verified factor, changing the password or address needs an aal2 session (GoTrue's rule). */
async function requireAal2WhenEnrolled(a: AuthContext, authed: AuthedUser): Promise<void> {
  if (isAal2(authed.session)) return;
  const factors = await listFactors(a.server.db, authed.user.id);
  if (factors.some((f) => f.status === 'verified')) {
    throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
}

/**
 * PUT /user (updateUser): metadata, password, email. A new password signs out every other
 * session; a new email waits for its confirmation link(s), except for an anonymous user while
 * confirmations are off, whose address is set at once.
 */
export async function updateCurrentUser(a: AuthContext, req: FastifyRequest, authed: AuthedUser): Promise<Record<string, unknown>> {
  const s = a.settings;
  const body = bodyOf(req);
  let email = str(body, 'email');
  const password = optStr(body, 'password');
  const data = obj(body, 'data');
  const codeChallenge = str(body, 'code_challenge');
  const codeChallengeMethod = str(body, 'code_challenge_method');
  if (email !== '') email = validateEmail(email);
  let phone = str(body, 'phone');
  if (phone !== '') {
    if (!s.phone.enabled) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    phone = validatePhone(phone);
  }
  if (password !== undefined) checkPasswordStrength(password, s);
  if (obj(body, 'app_metadata') !== undefined) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  validatePkceParams(codeChallengeMethod, codeChallenge);

  const current = authed.user;
  const changingPhone = phone !== '' && phone !== current.phone;
  if (password || (email !== '' && email !== current.email) || changingPhone) await requireAal2WhenEnrolled(a, authed);
  if (changingPhone && (await findUserByPhone(a.server.db, phone, s.aud))) {
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
  }
  if (current.is_anonymous && password && email === '') {
    throw unprocessable('validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
  }
  const changingEmail = email !== '' && email !== current.email;
  if (changingEmail && (await emailInUse(a.server.db, email, s.aud, current.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  let newHash: string | undefined;
  if (password !== undefined) {
    if (s.securePasswordChange) await checkReauthentication(a, authed, str(body, 'nonce'));
    if (password !== '' && current.encrypted_password && (await verifyPassword(password, current.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    newHash = await hashPassword(password);
  }
  const referrer = referrerOf(s, req);

  const updated = await a.server.db.transaction(async (tx) => {
    let user: UserRow | undefined = await findUserById(tx, current.id, true);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    if (newHash !== undefined) {
      user = await changePassword(tx, user, newHash, authed.session?.id);
      await sendSecurityNotice(a, tx, user, 'password_changed');
    }
    if (data) user = await updateUser(tx, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) });
    if (changingPhone) {
      // Confirmations off: the number is the account's at once (GoTrue's UpdatePhone); else a code to the new one.
      if (s.phone.autoconfirm) user = await completePhoneChange(tx, await updateUser(tx, user.id, { phone_change: phone }));
      else user = (await sendPhoneOtp(a, tx, user, phone, 'phone_change', validateChannel(a, str(body, 'channel')))).user;
      user = await refreshProviders(tx, user);
    }
    if (changingEmail) {
      if (user.is_anonymous && s.autoconfirm) {
        user = await completeEmailChange(tx, await updateUser(tx, user.id, { email_change: email }));
        user = await refreshProviders(tx, user);
      } else {
        const pkce = codeChallenge !== '';
        if (pkce) await createFlowState(tx, user.id, 'email_change', 'email_change', codeChallengeMethod, codeChallenge);
        user = await sendEmailChange({ auth: a, tx, user, referrer, pkce }, email);
      }
    }
    return user;
  });
  return loadUserJson(a.server.db, updated);
}
