import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientInfo, type AuthContext } from '../auth-context.ts';
import { SINGLE_CONFIRMATION_ACCEPTED } from '../email-change.ts';
import { AuthError, badRequest, forbidden, unprocessable } from '../errors.ts';
import { completePhoneChange, confirmPhone, phoneOtpValid, validatePhone } from '../phone.ts';
import { safeEqual } from '../secrets.ts';
import { refreshProviders } from '../user-lifecycle.ts';
import { findUserByPhone, isBanned, updateUser, type UserRow } from '../user-store.ts';
import { authMethodForVerifyType, issueAuthCode } from '../flow-state.ts';
import { enforceRequestLimit } from '../rate-limits.ts';
import { errorRedirect, implicitRedirect, messageRedirect, pkceRedirect, referrerOf } from '../redirects.ts';
import { bodyOf, queryParam, str } from '../request-body.ts';
import { tokenHash } from '../secrets.ts';
import { issueSession } from '../token-response.ts';
import { validateEmail } from '../validation.ts';
import { applyVerification, EMAIL_VERIFY_TYPES, userByEmailOtp, userByTokenHash, type Verified } from '../verify-core.ts';
import { findIdentity } from '../identity-store.ts';
import { sendSecurityNotice } from '../security-notices.ts';
import { accountCodeKey, CodeGuard } from '../code-guard.ts';
import { committing } from '../commit-then-refuse.ts';

function requireType(type: string): void {
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!EMAIL_VERIFY_TYPES.has(type)) throw badRequest('validation_failed', 'Unsupported verification type');
}

/**
 * POST /verify with a phone and its code: `sms` confirms the number (sign-up and sign-in codes),
 * `phone_change` moves the account to the new one. Answers with a session.
 */
async function verifyPhoneOtp(a: AuthContext, req: FastifyRequest, type: string, rawPhone: string, token: string) {
  const phone = validatePhone(rawPhone);
  if (type !== 'sms' && type !== 'phone_change') throw badRequest('validation_failed', 'Unsupported verification type');
  return committing(a.server.db, async (tx) => {
    const user = type === 'sms'
      ? await findUserByPhone(tx, phone, a.settings.aud, true)
      : (await tx.query<UserRow>('select * from auth.users where phone_change = $1 and aud = $2 limit 1 for update', [phone, a.settings.aud])).rows[0];
    if (!user) throw forbidden('otp_expired', 'Token has expired or is invalid');
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    // Counted against the account, so guesses from many addresses add up (decision 0258).
    const guard = await CodeGuard.open(a, tx, user, 'phone');
    const [stored, sentAt] = type === 'sms' ? [user.confirmation_token, user.confirmation_sent_at] : [user.phone_change_token, user.phone_change_sent_at];
    if (!phoneOtpValid(a, phone, token, stored, sentAt, safeEqual)) {
      return guard.wrong(accountCodeKey(user, 'phone'), forbidden('otp_expired', 'Token has expired or is invalid'));
    }
    await guard.right();
    const hadPhoneIdentity = type === 'phone_change' && !!(await findIdentity(tx, user.id, 'phone'));
    let verified = type === 'sms' ? await confirmPhone(tx, user) : await completePhoneChange(tx, user);
    if (type === 'phone_change') {
      // GoTrue's notices for a number that moved and a phone identity that is new (decision 0238).
      if ((user.phone ?? '') !== (verified.phone ?? '')) await sendSecurityNotice(a, tx, verified, 'phone_changed', { oldPhone: user.phone ?? '' });
      if (!hadPhoneIdentity) await sendSecurityNotice(a, tx, verified, 'identity_linked', { provider: 'phone' });
    }
    if (verified.is_anonymous) verified = await updateUser(tx, verified.id, { is_anonymous: false });
    verified = await refreshProviders(tx, verified);
    return issueSession(a, tx, verified, 'otp', clientInfo(req));
  });
}

/** POST /verify (verifyOtp): a code with its email, or a token hash; answers with a session. */
async function verifyPost(a: AuthContext, req: FastifyRequest) {
  const body = bodyOf(req);
  const type = str(body, 'type');
  const token = str(body, 'token');
  const hashParam = str(body, 'token_hash');
  let email = str(body, 'email');
  const phone = str(body, 'phone');
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((token === '') === (hashParam === '')) throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (token !== '') {
    if (phone !== '' && email === '') return verifyPhoneOtp(a, req, type, phone, token);
    if (email === '' || phone !== '') {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    }
    try {
      email = validateEmail(email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  } else if (email !== '' || phone !== '' || str(body, 'redirect_to') !== '') {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  requireType(type);
  const hash = token !== '' ? tokenHash(a.server.keys, email, token) : hashParam;
  // Committed even when refused: a wrong code is counted (decision 0258).
  const result = await committing(a.server.db, async (tx) => {
    const v: Verified = token !== '' ? await userByEmailOtp(a, tx, type, email, token) : await userByTokenHash(a, tx, type, hash);
    const user = await applyVerification(a, tx, v, hash);
    if (!user) return undefined;
    return issueSession(a, tx, user, 'otp', clientInfo(req));
  });
  // First of the two secure email-change confirmations: no session yet.
  return result ?? { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' };
}

/**
 * GET /verify: the link in an email. Verifies, then 303s back to the app with the session in
 * the fragment (implicit flow) or `?code=` (PKCE, token prefixed `pkce_`), or with the error.
 */
async function verifyGet(a: AuthContext, req: FastifyRequest, reply: FastifyReply) {
  const token = queryParam(req, 'token');
  const type = queryParam(req, 'type');
  const redirectTo = referrerOf(a.settings, req);
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const pkce = token.startsWith('pkce_');
  let location: string;
  try {
    requireType(type);
    location = await a.server.db.transaction(async (tx) => {
      const v = await userByTokenHash(a, tx, type, token);
      const user = await applyVerification(a, tx, v, token);
      if (!user) return messageRedirect(redirectTo, SINGLE_CONFIRMATION_ACCEPTED, pkce);
      if (!pkce) return implicitRedirect(redirectTo, await issueSession(a, tx, user, 'otp', clientInfo(req)), v.type);
      const code = await issueAuthCode(tx, user.id, authMethodForVerifyType(type));
      if (!code) throw badRequest('flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');
      return pkceRedirect(redirectTo, code);
    });
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    location = errorRedirect(redirectTo, err, pkce);
  }
  return reply.code(303).header('location', location).send();
}

export function verifyRoutes(app: FastifyInstance, a: AuthContext): void {
  app.post('/verify', async (req) => {
    await enforceRequestLimit(a.limits.verify, req, a.server.keys);
    return verifyPost(a, req);
  });
  app.get('/verify', async (req, reply) => {
    await enforceRequestLimit(a.limits.verify, req, a.server.keys);
    return verifyGet(a, req, reply);
  });
}
