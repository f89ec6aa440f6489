import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { requireUser, type AuthedUser } from '../authenticate.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../errors.ts';
import type { Queryable } from '../../db/db-types.ts';
import { enqueueSms } from '../../mail/index.ts';
import { deleteFactor, findOwnedFactor, insertChallenge, insertFactor, listFactors, type FactorRow, type FactorType } from '../factor-store.ts';
import { checkSmsFrequency, renderSmsTemplate, requireGateway, validateChannel, validatePhone } from '../phone.ts';
import { generateOtp } from '../secrets.ts';
import { checkCanEnroll, checkTypeEnabled, isAal2, openChallenge, raiseSession, requireSession } from '../mfa-core.ts';
import { newTotp } from '../mfa-totp.ts';
import { checkFactorCode } from '../mfa-code-check.ts';
import { refuseWhileLocked } from '../code-attempts.ts';
import { CommitThenRefuse, committing } from '../commit-then-refuse.ts';
import { mfaVerificationAttempt } from '../hooks/mfa-verification.ts';
import { callSendSmsHook } from '../hooks/send-sms.ts';
import type { UserRow } from '../user-store.ts';
import { sendSecurityNotice } from '../security-notices.ts';
import { enforceRequestLimit } from '../rate-limits.ts';
import { bodyOf, str } from '../request-body.ts';
import { isUuid } from '../validation.ts';
import { challengeWebAuthnFactor, verifyWebAuthnFactor, webAuthnVerifyParams } from '../webauthn/webauthn-factor.ts';

const FACTOR_TYPES = new Set<string>(['totp', 'phone', 'webauthn']);

/** GoTrue's requireAuthentication + requireNotAnonymous, for every /factors route. */
async function factorUser(a: AuthContext, req: FastifyRequest): Promise<AuthedUser> {
  const authed = await requireUser(a, req);
  if (authed.user.is_anonymous || authed.claims.is_anonymous === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  }
  return authed;
}

/** GoTrue's loadFactor: the caller's own factor named in the path. */
async function loadFactor(a: AuthContext, req: FastifyRequest, authed: AuthedUser): Promise<FactorRow> {
  const id = (req.params as { id: string }).id;
  if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await findOwnedFactor(a.server.db, authed.user.id, id);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** The issuer an authenticator app shows: the caller's, else the site URL's host (GoTrue's). */
function issuerOf(a: AuthContext, given: string): string {
  if (given !== '') return given;
  try {
    return new URL(a.settings.siteUrl).host;
  } catch {
    return 'localhost';
  }
}

/** GoTrue's enrollPhoneFactor: one factor per number; an unverified one for it is replaced. */
async function enrollPhoneFactor(a: AuthContext, tx: Queryable, authed: AuthedUser, friendlyName: string, rawPhone: string) {
  if (rawPhone === '') throw badRequest('validation_failed', 'Phone number required to enroll Phone factor');
  const phone = validatePhone(rawPhone);
  const same = (await listFactors(tx, authed.user.id)).filter((f) => f.factor_type === 'phone' && f.phone === phone);
  if (same.some((f) => f.status === 'verified')) {
    throw unprocessable('mfa_verified_factor_exists', 'A verified phone factor already exists, unenroll the existing factor to continue');
  }
  for (const f of same) await tx.query('delete from auth.mfa_factors where id = $1', [f.id]);
  await checkCanEnroll(a, tx, authed, friendlyName);
  const factor = await insertFactor(tx, { userId: authed.user.id, type: 'phone', friendlyName, phone });
  return { id: factor.id, type: 'phone', friendly_name: factor.friendly_name ?? '', phone: rawPhone };
}

/** GoTrue's challengePhoneFactor: a code by text message, kept on the challenge, at most every max_frequency. */
async function challengePhoneFactor(a: AuthContext, user: UserRow, factor: FactorRow, ip: string, channel: string) {
  const s = a.settings.mfa.phone;
  const ch = validateChannel(a, channel);
  checkSmsFrequency(factor.last_challenged_at, s.maxFrequencySeconds);
  requireGateway(a);
  const otp = generateOtp(s.otpLength);
  return a.server.db.transaction(async (tx) => {
    const hook = a.settings.hooks.sendSms;
    if (hook) await callSendSmsHook(a, tx, hook, user, { otp, phone: factor.phone ?? '', smsType: 'mfa' });
    else await enqueueSms(tx, a.sms, { kind: 'mfa', to: factor.phone ?? '', body: renderSmsTemplate(s.template, otp), channel: ch });
    return insertChallenge(tx, factor.id, ip, { otpCode: otp });
  });
}

/**
 * /factors (auth.mfa.*): enroll, challenge, verify and unenroll second factors — TOTP codes,
 * codes by text message, and WebAuthn credentials.
 */
export function factorRoutes(app: FastifyInstance, a: AuthContext): void {
  app.post('/factors', async (req) => {
    const authed = await factorUser(a, req);
    requireSession(authed);
    const body = bodyOf(req);
    const type = str(body, 'factor_type');
    const friendlyName = str(body, 'friendly_name');
    if (!FACTOR_TYPES.has(type)) throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    checkTypeEnabled(a, type as FactorType, 'enroll');
    return a.server.db.transaction(async (tx) => {
      if (type === 'phone') return enrollPhoneFactor(a, tx, authed, friendlyName, str(body, 'phone'));
      await checkCanEnroll(a, tx, authed, friendlyName);
      if (type === 'webauthn') {
        const factor = await insertFactor(tx, { userId: authed.user.id, type: 'webauthn', friendlyName });
        return { id: factor.id, type: 'webauthn', friendly_name: factor.friendly_name ?? '' };
      }
      const totp = newTotp(issuerOf(a, str(body, 'issuer')), authed.user.email ?? '');
      const factor = await insertFactor(tx, { userId: authed.user.id, type: 'totp', friendlyName, secret: totp.secret });
      return {
        id: factor.id,
        type: 'totp',
        friendly_name: factor.friendly_name ?? '',
        totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri },
      };
    });
  });

  app.post('/factors/:id/challenge', async (req) => {
    const authed = await factorUser(a, req);
    await enforceRequestLimit(a.limits.mfaChallenge, req, a.server.keys);
    const factor = await loadFactor(a, req, authed);
    checkTypeEnabled(a, factor.factor_type, 'verify');
    if (factor.factor_type === 'webauthn') return challengeWebAuthnFactor(a, authed.user, factor, req.ip);
    // While wrong codes keep the account's second factors locked, no new code is sent either.
    await refuseWhileLocked(a.server.db, authed.user.id, 'mfa');
    const challenge = factor.factor_type === 'phone'
      ? await challengePhoneFactor(a, authed.user, factor, req.ip, str(bodyOf(req), 'channel'))
      : await insertChallenge(a.server.db, factor.id, req.ip);
    return {
      id: challenge.id,
      type: factor.factor_type,
      expires_at: Math.floor(challenge.created_at.getTime() / 1000) + a.settings.mfa.challengeExpirySeconds,
    };
  });

  app.post('/factors/:id/verify', async (req) => {
    const authed = await factorUser(a, req);
    await enforceRequestLimit(a.limits.mfaVerify, req, a.server.keys);
    const factor = await loadFactor(a, req, authed);
    const body = bodyOf(req);
    const code = str(body, 'code');
    const challengeId = str(body, 'challenge_id');
    if (code === '' && factor.factor_type !== 'webauthn') throw badRequest('validation_failed', 'Code needs to be non-empty');
    checkTypeEnabled(a, factor.factor_type, 'verify');
    const webauthn = factor.factor_type === 'webauthn' ? webAuthnVerifyParams(body) : undefined;
    if (!isUuid(challengeId)) throw badRequest('validation_failed', 'challenge_id must be an UUID');
    requireSession(authed);
    if (webauthn) {
      return a.server.db.transaction(async (tx) => {
        const challenge = await openChallenge(a, tx, factor, challengeId, req.ip);
        await verifyWebAuthnFactor(a, tx, factor, challenge, webauthn);
        return raiseSession(a, tx, authed, factor, challenge.id);
      });
    }
    const failed = unprocessable('mfa_verification_failed', factor.factor_type === 'phone' ? 'Invalid MFA Phone code entered' : 'Invalid TOTP code entered');
    if (a.settings.hooks.mfaVerificationAttempt) {
      // The hook runs between checking the code and raising the session, in its own
      // transaction (decision 0234): what it records stays even when the code is wrong, and
      // so does the wrong guess's count (decision 0258).
      const { valid, refusal } = await a.server.db.transaction(async (tx) => {
        const checked = await checkFactorCode(a, tx, authed, factor, challengeId, req.ip, code);
        return checked.valid ? { valid: true, refusal: undefined } : { valid: false, refusal: await checked.recordWrong(failed) };
      });
      await mfaVerificationAttempt(a, authed.user.id, factor, valid);
      if (!valid) throw refusal ?? failed;
      return a.server.db.transaction(async (tx) => raiseSession(a, tx, authed, factor, (await openChallenge(a, tx, factor, challengeId, req.ip)).id));
    }
    return committing(a.server.db, async (tx) => {
      const checked = await checkFactorCode(a, tx, authed, factor, challengeId, req.ip, code);
      if (!checked.valid) throw new CommitThenRefuse(await checked.recordWrong(failed));
      return raiseSession(a, tx, authed, factor, checked.challengeId);
    });
  });

  app.delete('/factors/:id', async (req) => {
    const authed = await factorUser(a, req);
    const session = requireSession(authed);
    const factor = await loadFactor(a, req, authed);
    if (factor.status === 'verified' && !isAal2(session)) {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await a.server.db.transaction(async (tx) => {
      await deleteFactor(tx, factor);
      await sendSecurityNotice(a, tx, authed.user, 'mfa_factor_unenrolled', { factorType: factor.factor_type });
    });
    return { id: factor.id };
  });
}
