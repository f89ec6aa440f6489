import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db-types.ts';
import { tooManyRequests } from './errors.ts';

/**
 * What a typed-in code is guessed at, counted per account (decision 0258): the account's email
 * codes (sign-up, magic link, recovery, email change), its text-message codes (sms,
 * phone_change), its reauthentication code, and its second-factor codes (TOTP and phone
 * factors together).
 */
export type CodeTarget = 'email' | 'phone' | 'reauthentication' | 'mfa';

/** A code dies at its fifth wrong guess (a new one must be asked for). */
export const CODE_TRIES = 5;
/** Ten wrong guesses in a row, over any number of codes, lock the target. */
export const LOCK_AFTER = 10;
/** The first lock lasts a minute; each next one twice the last, up to a day. */
const FIRST_LOCK_SECONDS = 60;
const LONGEST_LOCK_SECONDS = 24 * 3600;
/** A day without wrong guesses, counted from the end of the last lock, and the backoff starts again. */
const FORGET_AFTER_SECONDS = 24 * 3600;
/** At most one email a day about locks of one target, however often they trip. */
const NOTICE_EVERY_SECONDS = 24 * 3600;

interface AttemptRow {
  code: string;
  code_failures: number;
  failures: number;
  locks: number;
  locked_until: Date | null;
  last_failure_at: Date | null;
  notified_at: Date | null;
  now: Date;
}

/** What a wrong guess led to. */
export interface Failure {
  /** This guess used up the code's tries: it must be made unusable now. */
  codeDied: boolean;
  /** This guess locked the target, until then. */
  lockedUntil?: Date;
  /** An email should tell the owner (the first lock of the day). */
  notify: boolean;
}

/** A digest naming one code (or one challenge), so the table never holds a code or its hash. */
export function codeKey(...parts: (string | null | undefined)[]): string {
  const joined = parts.map((p) => p ?? '').join('\u0000');
  return joined.replace(/\u0000/g, '') === '' ? '' : createHash('sha256').update(joined).digest('base64url').slice(0, 22);
}

const secondsLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** GoTrue's words for a limit, with how long is left (auth-js clients read `code`). */
export function lockedError(until: Date, now = new Date()) {
  return tooManyRequests('over_request_rate_limit', `Too many wrong codes. For security purposes, you can only try again after ${secondsLeft(until, now)} seconds.`);
}

/** 429 while `target` is locked for this user (a read, for routes that send a code: no code goes out meanwhile). */
export async function refuseWhileLocked(q: Queryable, userId: string, target: CodeTarget): Promise<void> {
  const { rows } = await q.query<{ locked_until: Date; now: Date }>(
    'select locked_until, now() as now from _gather.auth_code_attempts where user_id = $1 and target = $2 and locked_until > now()',
    [userId, target],
  );
  if (rows[0]) throw lockedError(rows[0].locked_until, rows[0].now);
}

/**
 * One account's guesses at one target, its row locked for the rest of the transaction so
 * concurrent guesses (from any worker) are counted one after another. Call `refuseIfLocked`
 * before looking at the code, then `failed` or `succeeded`, in a transaction that commits even
 * when the guess was wrong (see CommitThenRefuse).
 */
export class CodeAttempts {
  private readonly tx: Queryable;
  readonly userId: string;
  readonly target: CodeTarget;
  private readonly row: AttemptRow;

  private constructor(tx: Queryable, userId: string, target: CodeTarget, row: AttemptRow) {
    this.tx = tx;
    this.userId = userId;
    this.target = target;
    this.row = row;
  }

  static async open(tx: Queryable, userId: string, target: CodeTarget): Promise<CodeAttempts> {
    await tx.query('insert into _gather.auth_code_attempts (user_id, target) values ($1, $2) on conflict do nothing', [userId, target]);
    const { rows } = await tx.query<AttemptRow>(
      `select code, code_failures, failures, locks, locked_until, last_failure_at, notified_at, now() as now
       from _gather.auth_code_attempts where user_id = $1 and target = $2 for update`,
      [userId, target],
    );
    return new CodeAttempts(tx, userId, target, rows[0]!);
  }

  /** 429 while a lock lasts: no code is even looked at, the right one included. */
  refuseIfLocked(): void {
    const { locked_until: until, now } = this.row;
    if (until && until > now) throw lockedError(until, now);
  }

  /** Whether `code` already used up its tries (a challenge that stays in the database). */
  isDead(code: string): boolean {
    return code !== '' && this.row.code === code && this.row.code_failures >= CODE_TRIES;
  }

  /** Counts a wrong guess at `code` (codeKey of what was guessed at); locks when it is the tenth in a row. */
  async failed(code: string): Promise<Failure> {
    const r = this.row;
    // Quiet since the last wrong guess or the end of the last lock, whichever is later.
    const quietSince = Math.max(r.last_failure_at?.getTime() ?? 0, r.locked_until?.getTime() ?? 0);
    const forgotten = r.now.getTime() - quietSince > FORGET_AFTER_SECONDS * 1000;
    const codeFailures = (r.code === code ? r.code_failures : 0) + 1;
    let failures = r.failures + 1;
    let locks = forgotten ? 0 : r.locks;
    let lockedUntil: Date | undefined;
    let notify = false;
    if (failures >= LOCK_AFTER) {
      const seconds = Math.min(LONGEST_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** Math.min(locks, 20));
      lockedUntil = new Date(r.now.getTime() + seconds * 1000);
      locks += 1;
      failures = 0;
      notify = !r.notified_at || r.now.getTime() - r.notified_at.getTime() > NOTICE_EVERY_SECONDS * 1000;
    }
    await this.tx.query(
      `update _gather.auth_code_attempts
       set code = $3, code_failures = $4, failures = $5, locks = $6, last_failure_at = now(),
           locked_until = coalesce($7, locked_until), notified_at = case when $8 then now() else notified_at end
       where user_id = $1 and target = $2`,
      [this.userId, this.target, code, codeFailures, failures, locks, lockedUntil ?? null, notify],
    );
    return { codeDied: codeFailures === CODE_TRIES, lockedUntil, notify };
  }

  /** A right code: the count starts again (the backoff level too). */
  async succeeded(): Promise<void> {
    await this.tx.query(
      `update _gather.auth_code_attempts set code = '', code_failures = 0, failures = 0, locks = 0, locked_until = null
       where user_id = $1 and target = $2`,
      [this.userId, this.target],
    );
  }
}
