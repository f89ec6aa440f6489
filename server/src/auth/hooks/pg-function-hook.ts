import type { Queryable } from '../../db/db-types.ts';
import type { PgFunctionHook } from './hook-target.ts';

/** GoTrue's limit on a Postgres hook: `set local statement_timeout` of 2 s around the call. */
const PG_HOOK_TIMEOUT_MS = 2000;

/**
 * Calls a pg-functions:// hook inside the caller's transaction, as GoTrue does: as role
 * `supabase_auth_admin` (GoTrue connects as it, with its role's `search_path = auth`), under a
 * statement timeout, with the event as one jsonb argument. The role, search_path and timeout
 * the transaction had are put back afterwards. A hook that raises aborts the transaction, as
 * in GoTrue: the caller answers with an error and rolls back.
 */
export async function callPgFunctionHook(tx: Queryable, hook: PgFunctionHook, event: unknown): Promise<unknown> {
  const before = await tx.query<{ role: string; search_path: string; timeout: string }>(
    `select current_setting('role') as role, current_setting('search_path') as search_path,
            current_setting('statement_timeout') as timeout`,
  );
  const prev = before.rows[0]!;
  await tx.query(
    `select set_config('search_path', 'auth', true), set_config('statement_timeout', $1, true)`,
    [String(PG_HOOK_TIMEOUT_MS)],
  );
  await tx.exec('set local role supabase_auth_admin');
  const res = await tx.query<{ out: unknown }>(`select ${hook.functionName}($1::jsonb) as out`, [JSON.stringify(event)]);
  await tx.query(
    `select set_config('role', $1, true), set_config('search_path', $2, true), set_config('statement_timeout', $3, true)`,
    [prev.role, prev.search_path, prev.timeout],
  );
  const out = res.rows[0]?.out;
  return typeof out === 'string' ? JSON.parse(out) : out;
}
