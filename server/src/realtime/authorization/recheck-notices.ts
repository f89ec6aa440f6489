import type { Db } from '../../db/db-types.ts';

/**
 * The database's word that a user's rights may have changed: `pg_notify('gather_realtime_recheck',
 * '{"user_id": "…"}')`, e.g. from a trigger when a group bans or removes a member (decision
 * 0269). Every instance LISTENs, so each checks the private channels that user joined on it
 * again, as a fresh join would be checked. Supabase has no such notice: there a joined channel
 * is checked again when its token is refreshed; a project that never sends one loses nothing.
 */
export const RECHECK_CHANNEL = 'gather_realtime_recheck';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user a notice names, or undefined for anything else (any role may NOTIFY: ignored). */
export function recheckUserId(payload: string): string | undefined {
  try {
    const id = (JSON.parse(payload) as { user_id?: unknown } | null)?.user_id;
    return typeof id === 'string' && UUID.test(id) ? id.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** Calls `onUser` for each well-formed notice; returns the function that stops listening. */
export function listenForRechecks(db: Db, onUser: (userId: string) => void): Promise<() => Promise<void>> {
  return db.listen(RECHECK_CHANNEL, (payload) => {
    const userId = recheckUserId(payload);
    if (userId) onUser(userId);
  });
}
