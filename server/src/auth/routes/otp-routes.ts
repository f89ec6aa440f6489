import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { sendConfirmation, sendEmailChange } from '../auth-mail.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { createFlowState, validatePkceParams } from '../flow-state.ts';
import { magicLinkOrSignup } from '../magic-link.ts';
import { enforceRequestLimit } from '../rate-limits.ts';
import { referrerOf } from '../redirects.ts';
import { bodyOf, bool, obj, str } from '../request-body.ts';
import { findUserByEmail, findUserById, findUserByPhone, isConfirmed, type UserRow } from '../user-store.ts';
import { sendPhoneOtp, validateChannel, validatePhone } from '../phone.ts';
import { requirePhoneProvider, signUpWithPhone } from '../phone-signup.ts';
import { randomPassword } from '../secrets.ts';
import { validateEmail } from '../validation.ts';

/**
 * GoTrue's SmsOtp: a new or unconfirmed number is signed up (confirmations off: confirmed, then
 * sent its sign-in code); a confirmed one gets a sign-in code. Answers `{message_id}`.
 */
async function phoneOtp(a: AuthContext, p: { phone: string; channel: string; createUser: boolean; data: Record<string, unknown> }) {
  requirePhoneProvider(a, 'Unsupported phone provider');
  const channel = validateChannel(a, p.channel);
  const phone = validatePhone(p.phone);
  const existing = await findUserByPhone(a.server.db, phone, a.settings.aud);
  if (!existing?.phone_confirmed_at) {
    if (!p.createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    if (!a.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    await signUpWithPhone(a, { phone, password: randomPassword(), data: p.data, channel });
    if (!a.settings.phone.autoconfirm) return {};
  }
  const messageId = await a.server.db.transaction(async (tx) => {
    const user = (await findUserByPhone(tx, phone, a.settings.aud, true))!;
    return (await sendPhoneOtp(a, tx, user, phone, 'confirmation', channel)).messageId;
  });
  return { message_id: messageId };
}

/** /resend for a phone: the sign-up code again (type sms), or the code to a pending new number (phone_change). */
async function phoneResend(a: AuthContext, type: string, rawPhone: string) {
  requirePhoneProvider(a, 'Phone logins are disabled');
  const phone = validatePhone(rawPhone);
  const found = type === 'phone_change'
    ? (await a.server.db.query<UserRow>('select * from auth.users where phone_change = $1 and aud = $2 limit 1', [phone, a.settings.aud])).rows[0]
    : await findUserByPhone(a.server.db, phone, a.settings.aud);
  if (!found || (type === 'sms' && found.phone_confirmed_at)) return {};
  const messageId = await a.server.db.transaction(async (tx) => {
    const user = (await findUserById(tx, found.id, true))!;
    return (await sendPhoneOtp(a, tx, user, phone, type === 'phone_change' ? 'phone_change' : 'confirmation', 'sms')).messageId;
  });
  return { message_id: messageId };
}

/** POST /otp (signInWithOtp), /magiclink (its older name) and /resend. */
export function otpRoutes(app: FastifyInstance, a: AuthContext): void {
  app.post('/otp', async (req) => {
    await enforceRequestLimit(a.limits.signInSignUps, req, a.server.keys);
    const body = bodyOf(req);
    const email = str(body, 'email');
    const phone = str(body, 'phone');
    const codeChallenge = str(body, 'code_challenge');
    const codeChallengeMethod = str(body, 'code_challenge_method');
    if (email !== '' && phone !== '') throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
    if (email !== '' && str(body, 'channel') !== '') {
      throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
    }
    validatePkceParams(codeChallengeMethod, codeChallenge);
    if (phone !== '') return phoneOtp(a, { phone, channel: str(body, 'channel'), createUser: bool(body, 'create_user', true), data: obj(body, 'data') ?? {} });
    if (email === '') throw badRequest('validation_failed', 'One of email or phone must be set');
    if (!a.settings.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
    const address = validateEmail(email);
    if (!bool(body, 'create_user', true) && !(await findUserByEmail(a.server.db, address, a.settings.aud))) {
      throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    }
    return magicLinkOrSignup(a, req, { email: address, data: obj(body, 'data') ?? {}, codeChallenge, codeChallengeMethod });
  });

  app.post('/magiclink', async (req) => {
    await enforceRequestLimit(a.limits.signInSignUps, req, a.server.keys);
    const body = bodyOf(req);
    const email = str(body, 'email');
    if (email === '') throw unprocessable('validation_failed', 'Password recovery requires an email');
    const codeChallenge = str(body, 'code_challenge');
    const codeChallengeMethod = str(body, 'code_challenge_method');
    const address = validateEmail(email);
    validatePkceParams(codeChallengeMethod, codeChallenge);
    return magicLinkOrSignup(a, req, { email: address, data: obj(body, 'data') ?? {}, codeChallenge, codeChallengeMethod });
  });

  app.post('/resend', async (req) => {
    await enforceRequestLimit(a.limits.signInSignUps, req, a.server.keys);
    const body = bodyOf(req);
    const type = str(body, 'type');
    const email = str(body, 'email');
    const phone = str(body, 'phone');
    const codeChallenge = str(body, 'code_challenge');
    const codeChallengeMethod = str(body, 'code_challenge_method');
    if (type === 'signup' || type === 'email_change') validatePkceParams(codeChallengeMethod, codeChallenge);
    else if (type !== 'sms' && type !== 'phone_change') {
      throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (email === '' && type === 'signup') throw badRequest('validation_failed', 'Type provided requires an email address');
    if (phone === '' && type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
    if (email !== '' && phone !== '') throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
    if (phone !== '') return phoneResend(a, type, phone);
    if (email === '') throw badRequest('validation_failed', 'Missing email address or phone number');
    if (!a.settings.emailEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled');
    const address = validateEmail(email);

    // Unknown, already confirmed or nothing pending: the same empty answer (no enumeration).
    const found = await findUserByEmail(a.server.db, address, a.settings.aud);
    if (!found) return {};
    if (type === 'signup' && isConfirmed(found)) return {};
    if (type === 'email_change' && !found.email_change) return {};
    const referrer = referrerOf(a.settings, req);
    const pkce = codeChallenge !== '';
    await a.server.db.transaction(async (tx) => {
      const user = await findUserById(tx, found.id, true);
      if (!user) return;
      if (type === 'signup') {
        if (pkce) await createFlowState(tx, user.id, 'email', 'email/signup', codeChallengeMethod, codeChallenge);
        await sendConfirmation({ auth: a, tx, user, referrer, pkce });
      } else if (user.email_change) {
        if (pkce) await createFlowState(tx, user.id, 'email_change', 'email_change', codeChallengeMethod, codeChallenge);
        await sendEmailChange({ auth: a, tx, user, referrer, pkce }, user.email_change);
      }
    });
    return {};
  });
}
