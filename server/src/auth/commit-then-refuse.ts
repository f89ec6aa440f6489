import type { Db, Queryable } from '../db/db-types.ts';
import type { AuthError } from './errors.ts';

/**
 * A refusal that still commits what was done (GoTrue's CommitWithError): an account and its
 * confirmation mail created through an external identity, or a wrong code counted.
 */
export class CommitThenRefuse {
  readonly error: AuthError;
  constructor(error: AuthError) {
    this.error = error;
  }
}

/** A transaction whose CommitThenRefuse is committed, then thrown. */
export async function committing<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const out = await db.transaction(async (tx) => {
    try {
      return { ok: await fn(tx) };
    } catch (err) {
      if (err instanceof CommitThenRefuse) return { refuse: err.error };
      throw err;
    }
  });
  if ('refuse' in out) throw out.refuse;
  return out.ok;
}
