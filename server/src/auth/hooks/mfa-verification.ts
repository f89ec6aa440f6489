import type { AuthContext } from '../auth-context.ts';
import { forbidden } from '../errors.ts';
import { deleteAllSessions } from '../session-store.ts';
import { callHook } from './call-hook.ts';
import { hookMetadata } from './hook-metadata.ts';
import { hookReturnedError } from './hook-errors.ts';

const DEFAULT_REJECTION = 'Further MFA verification attempts will be rejected.';

/**
 * GoTrue's mfa_verification_attempt: after a TOTP or phone code is checked, the hook gets
 * `{ metadata, user_id, factor_id, factor_type, valid }` in a transaction of its own (what it
 * records stays, whatever the outcome). `{ decision: "reject", message? }` signs the user out
 * everywhere and answers 403 mfa_verification_rejected, as GoTrue does.
 */
export async function mfaVerificationAttempt(
  a: AuthContext,
  userId: string,
  factor: { id: string; factor_type: string },
  valid: boolean,
): Promise<void> {
  const hook = a.settings.hooks.mfaVerificationAttempt;
  if (!hook) return;
  const event = {
    metadata: hookMetadata('mfa-verification'),
    user_id: userId,
    factor_id: factor.id,
    factor_type: factor.factor_type,
    valid,
  };
  const out = await a.server.db.transaction((tx) => callHook(tx, hook, event));
  const failed = hookReturnedError(out);
  if (failed) throw failed;
  const answer = (out ?? {}) as { decision?: unknown; message?: unknown };
  if (answer.decision !== 'reject') return;
  await deleteAllSessions(a.server.db, userId);
  throw forbidden('mfa_verification_rejected', typeof answer.message === 'string' && answer.message !== '' ? answer.message : DEFAULT_REJECTION);
}
