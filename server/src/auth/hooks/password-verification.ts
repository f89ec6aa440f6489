import type { AuthContext } from '../auth-context.ts';
import { badRequest } from '../errors.ts';
import { deleteAllSessions } from '../session-store.ts';
import { callHook } from './call-hook.ts';
import { hookMetadata } from './hook-metadata.ts';
import { hookReturnedError } from './hook-errors.ts';

const DEFAULT_REJECTION = 'Further password verification attempts will be rejected.';

/**
 * GoTrue's password_verification_attempt: after the password of a known user is compared, the
 * hook gets `{ metadata, user_id, valid }` (in a transaction of its own, as GoTrue runs it).
 * `{ decision: "reject", message?, should_logout_user? }` answers 400 invalid_credentials with
 * the message (GoTrue's default when empty) and, if asked, signs the user out everywhere.
 */
export async function passwordVerificationAttempt(a: AuthContext, userId: string, valid: boolean): Promise<void> {
  const hook = a.settings.hooks.passwordVerificationAttempt;
  if (!hook) return;
  const event = { metadata: hookMetadata('password-verification'), user_id: userId, valid };
  const out = await a.server.db.transaction((tx) => callHook(tx, hook, event));
  const failed = hookReturnedError(out);
  if (failed) throw failed;
  const answer = (out ?? {}) as { decision?: unknown; message?: unknown; should_logout_user?: unknown };
  if (answer.decision !== 'reject') return;
  if (answer.should_logout_user === true) await deleteAllSessions(a.server.db, userId);
  throw badRequest('invalid_credentials', typeof answer.message === 'string' && answer.message !== '' ? answer.message : DEFAULT_REJECTION);
}
