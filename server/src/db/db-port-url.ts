import type { Db } from './db-types.ts';

/**
 * Where each open embedded database is served on the wire protocol (db-port/ records it), so
 * functions get SUPABASE_DB_URL on PGlite too (decision 0226). Shared here: functions/ may use
 * db/, not db-port/.
 */
const listening = new WeakMap<Db, number>();

export function recordDbPort(db: Db, port: number | undefined): void {
  if (port === undefined) listening.delete(db);
  else listening.set(db, port);
}

/** `postgresql://…` for a database port: PGlite takes user postgres with any password. */
export function dbPortUrl(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
}

/** The URL of the database port serving `db`, when one listens. */
export function dbPortUrlFor(db: Db): string | undefined {
  const port = listening.get(db);
  return port === undefined ? undefined : dbPortUrl(port);
}
