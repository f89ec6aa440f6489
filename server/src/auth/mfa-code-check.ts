import type { Queryable } from '../db/db-types.ts';
import type { AuthContext } from './auth-context.ts';
import type { AuthedUser } from './authenticate.ts';
import { codeKey } from './code-attempts.ts';
import { CodeGuard } from './code-guard.ts';
import type { AuthError } from './errors.ts';
import { unprocessable } from './errors.ts';
import type { FactorRow } from './factor-store.ts';
import { openChallenge } from './mfa-core.ts';
import { acceptTotpCode } from './mfa-totp.ts';
import { safeEqual } from './secrets.ts';

export type FactorCodeCheck =
  | { valid: true; challengeId: string }
  | { valid: false; recordWrong: (error: AuthError) => Promise<AuthError> };

/**
 * A TOTP or phone factor's code against its challenge, counted against the account's second
 * factors (decision 0258): refused with 429 while they are locked, a challenge that used up its
 * tries answers `mfa_challenge_expired` (a phone code is wiped), and a wrong code must be
 * recorded with `recordWrong` in a transaction that commits.
 */
export async function checkFactorCode(
  a: AuthContext,
  tx: Queryable,
  authed: AuthedUser,
  factor: FactorRow,
  challengeId: string,
  ip: string,
  code: string,
): Promise<FactorCodeCheck> {
  const guard = await CodeGuard.open(a, tx, authed.user, 'mfa');
  const challenge = await openChallenge(a, tx, factor, challengeId, ip);
  const key = codeKey(challenge.id);
  if (guard.isDead(key)) {
    throw unprocessable('mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
  }
  const valid = factor.factor_type === 'phone'
    ? !!challenge.otp_code && safeEqual(challenge.otp_code, code)
    : await acceptTotpCode(tx, factor.id, factor.secret ?? '', code);
  if (valid) {
    await guard.right();
    return { valid: true, challengeId: challenge.id };
  }
  const wipe = async () => {
    await tx.query('update auth.mfa_challenges set otp_code = null where id = $1', [challenge.id]);
  };
  return { valid: false, recordWrong: (error) => guard.recordWrong(key, error, wipe) };
}
