import type { Queryable } from '../db/db-types.ts';
import type { AuthContext } from './auth-context.ts';
import { CodeAttempts, codeKey, lockedError, type CodeTarget } from './code-attempts.ts';
import { CommitThenRefuse } from './commit-then-refuse.ts';
import type { AuthError } from './errors.ts';
import type { OneTimeTokenType } from './one-time-tokens.ts';
import { sendLockNotice } from './security-notices.ts';
import type { UserRow } from './user-store.ts';

/** The user's columns holding each target's live codes (hashes), and their one_time_tokens types. */
const CODE_COLUMNS = {
  email: ['confirmation_token', 'recovery_token', 'email_change_token_current', 'email_change_token_new'],
  phone: ['confirmation_token', 'phone_change_token'],
  reauthentication: ['reauthentication_token'],
} as const satisfies Record<Exclude<CodeTarget, 'mfa'>, readonly (keyof UserRow & OneTimeTokenType)[]>;

/** Which of the account's codes a guess at `target` is a guess at: changes whenever one is sent. */
export function accountCodeKey(user: UserRow, target: Exclude<CodeTarget, 'mfa'>): string {
  return codeKey(...CODE_COLUMNS[target].map((c) => user[c] as string | null));
}

/** A code that used up its tries stops working, its emailed link too: a new one must be asked for. */
async function killAccountCodes(tx: Queryable, user: UserRow, target: Exclude<CodeTarget, 'mfa'>): Promise<void> {
  const cols = CODE_COLUMNS[target];
  await tx.query(`update auth.users set ${cols.map((c) => `${c} = ''`).join(', ')}, updated_at = now() where id = $1`, [user.id]);
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type::text = any($2::text[])', [user.id, cols]);
}

/**
 * Guesses at one account's codes of one kind, inside the verifying transaction (run it with
 * `committing`, so a wrong guess is counted even though the request is refused).
 */
export class CodeGuard {
  private readonly a: AuthContext;
  private readonly tx: Queryable;
  private readonly user: UserRow;
  private readonly attempts: CodeAttempts;

  private constructor(a: AuthContext, tx: Queryable, user: UserRow, attempts: CodeAttempts) {
    this.a = a;
    this.tx = tx;
    this.user = user;
    this.attempts = attempts;
  }

  /** Opens the count for `user` and refuses at once (429) while the target is locked. */
  static async open(a: AuthContext, tx: Queryable, user: UserRow, target: CodeTarget): Promise<CodeGuard> {
    const attempts = await CodeAttempts.open(tx, user.id, target);
    attempts.refuseIfLocked();
    return new CodeGuard(a, tx, user, attempts);
  }

  /** Whether a challenge (MFA) already used up its tries. */
  isDead(code: string): boolean {
    return this.attempts.isDead(code);
  }

  /**
   * Counts a wrong guess at `code`, kills the code when it used up its tries (`kill`, or the
   * account's codes of this kind) and emails the owner when a lock trips. Returns what to
   * answer: `error`, or the lock's 429 when this guess locked the target.
   */
  async recordWrong(code: string, error: AuthError, kill?: () => Promise<void>): Promise<AuthError> {
    const f = await this.attempts.failed(code);
    if (f.codeDied) {
      const target = this.attempts.target;
      if (kill) await kill();
      else if (target !== 'mfa') await killAccountCodes(this.tx, this.user, target);
    }
    if (f.notify) await sendLockNotice(this.a, this.tx, this.user, this.attempts.target);
    return f.lockedUntil ? lockedError(f.lockedUntil) : error;
  }

  /** recordWrong, then the refusal, committed (under `committing`). */
  async wrong(code: string, error: AuthError, kill?: () => Promise<void>): Promise<never> {
    throw new CommitThenRefuse(await this.recordWrong(code, error, kill));
  }

  /** A right code: the count starts again. */
  async right(): Promise<void> {
    await this.attempts.succeeded();
  }
}
