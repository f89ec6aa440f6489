import type { Db, Queryable } from './db-types.ts';

/**
 * The one advisory lock every write that start-up makes to a shared database takes first: the
 * platform bootstrap, each migration, the seed, the switch's grants and the project's secrets in
 * Vault. Held one transaction at a time, always as that transaction's first lock, so two
 * instances (or two workers) starting together queue instead of interleaving. With two keys (one
 * for the schema, one for the secrets) a worker writing its secrets and another recreating the
 * vault view took each other's table locks in opposite orders: a deadlock (issue 30, decision
 * 0272). The number is the schema lock's of old, so a server of the previous version starting
 * beside this one still waits for it.
 */
export const START_LOCK_KEY = 4_242_001;

/** `fn` in a transaction that first waits for the start-up lock (released at commit or rollback). */
export function underStartLock<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [START_LOCK_KEY]);
    return fn(tx);
  });
}
