import type { Queryable } from '../db/db-types.ts';
import type { AuthContext } from './auth-context.ts';
import type { AuthedUser } from './authenticate.ts';
import { forbidden, unprocessable } from './errors.ts';
import { AMR_METHOD, deleteExpiredFactors, findChallenge, listFactors, type ChallengeRow, type FactorRow, type FactorType } from './factor-store.ts';
import { addAmrClaim, replaceRefreshTokens, type SessionRow } from './session-store.ts';
import { tokenResponse, type TokenResponse } from './token-response.ts';
import { findUserById } from './user-store.ts';
import { sendSecurityNotice } from './security-notices.ts';

/** The session of a request that acts on factors (GoTrue answers 500 without one; we say why). */
export function requireSession(authed: AuthedUser): SessionRow {
  if (!authed.session) throw forbidden('session_not_found', 'A valid session and a registered user are required to manage factors');
  return authed.session;
}

export const isAal2 = (s: SessionRow | undefined) => s?.aal === 'aal2';

/** GoTrue's validateFactors: the user's limits, a free name, and aal2 once a factor is verified. */
export async function checkCanEnroll(a: AuthContext, q: Queryable, authed: AuthedUser, friendlyName: string): Promise<void> {
  const mfa = a.settings.mfa;
  await deleteExpiredFactors(q, authed.user.id, mfa.factorExpirySeconds);
  const factors = await listFactors(q, authed.user.id);
  if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
    throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (factors.length >= mfa.maxEnrolledFactors || verified >= 10) {
    throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (verified > 0 && !isAal2(authed.session)) throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
}

const DISABLED: Record<FactorType, [string, string]> = {
  totp: ['TOTP', 'totp'],
  phone: ['Phone', 'phone'],
  webauthn: ['WebAuthn', 'webauthn'],
};

/** `[auth.mfa.<type>] enroll_enabled / verify_enabled`, refused as GoTrue words it. */
export function checkTypeEnabled(a: AuthContext, type: FactorType, step: 'enroll' | 'verify'): void {
  const settings = type === 'webauthn' ? a.settings.mfa.webAuthn : a.settings.mfa[type];
  if (settings[step]) return;
  const [name, code] = DISABLED[type];
  throw step === 'enroll'
    ? unprocessable(`mfa_${code}_enroll_not_enabled`, `MFA enroll is disabled for ${name}`)
    : unprocessable(`mfa_${code}_verify_not_enabled`, `MFA verification is disabled for ${name}`);
}

/**
 * GoTrue's validateChallenge: the factor's challenge, unanswered, from the same address and not
 * expired. Call inside the verifying transaction: it locks the row, so one answer wins.
 */
export async function openChallenge(a: AuthContext, tx: Queryable, factor: FactorRow, challengeId: string, ip: string): Promise<ChallengeRow> {
  const challenge = await findChallenge(tx, factor.id, challengeId, ip);
  if (!challenge) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (challenge.verified_at || !challenge.same_ip) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  if (Date.now() > challenge.created_at.getTime() + a.settings.mfa.challengeExpirySeconds * 1000) {
    throw unprocessable('mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
  }
  return challenge;
}

/**
 * A correct second factor (GoTrue's updateMFASessionAndClaims and what follows it): the
 * challenge answered, the factor verified, its method in the session's AMR, the session aal2
 * and tied to the factor, its refresh tokens replaced, the user's other aal1 sessions ended and
 * their unverified factors of this type dropped. Returns the new aal2 token response.
 */
export async function raiseSession(
  a: AuthContext,
  tx: Queryable,
  authed: AuthedUser,
  factor: FactorRow,
  challengeId: string | null,
): Promise<TokenResponse> {
  const session = requireSession(authed);
  const userId = authed.user.id;
  if (challengeId) await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challengeId]);
  if (factor.status !== 'verified') {
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
  }
  await addAmrClaim(tx, session.id, AMR_METHOD[factor.factor_type]);
  const refreshToken = await replaceRefreshTokens(tx, session.id, userId);
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [session.id, factor.id]);
  await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [userId]);
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2::auth.factor_type`,
    [userId, factor.factor_type],
  );
  const user = await findUserById(tx, userId);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (factor.status !== 'verified') await sendSecurityNotice(a, tx, user, 'mfa_factor_enrolled', { factorType: factor.factor_type });
  return tokenResponse(a, tx, user, session.id, refreshToken);
}
