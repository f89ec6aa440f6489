import type { Db, PgError, RequestContext } from '../../db/db-types.ts';
import type { CallPlan, MutatePlan, ReadPlan } from '../plan/types.ts';

/**
 * The hint Supabase adds to a 42501 on a table (supautils 3.2's `hint_roles`, set to anon,
 * authenticated and service_role on Supabase projects): "Grant the required privileges to the
 * current role with: GRANT SELECT ON public.todos TO anon;" — the privileges the statement needed
 * and the role lacks, on the schema-qualified relation. PostgREST passes it through as `hint`.
 * Decision 0242.
 */
const HINT_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const DENIED = /^permission denied for (?:table|view|materialized view|sequence) (.+)$/;
const ORDER = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;

/** Privileges the request's statement asks for (what Postgres checks on a relation it touches). */
function wanted(plan: ReadPlan | MutatePlan | CallPlan): Set<string> {
  if (plan.kind === 'read') return new Set(['SELECT']);
  if (plan.kind === 'call') return new Set();
  const w = new Set<string>();
  if (plan.mutation === 'insert' || plan.mutation === 'upsert') w.add('INSERT');
  if (plan.mutation === 'update' || (plan.mutation === 'upsert' && plan.onConflict?.action !== 'ignore')) w.add('UPDATE');
  if (plan.mutation === 'delete') w.add('DELETE');
  // RETURNING columns and WHERE conditions read the rows: SELECT is checked too.
  if (plan.returnRepresentation || plan.where.length > 0 || (plan.returning !== '*' && plan.returning.length > 0)) w.add('SELECT');
  return w;
}

/**
 * Supabase's hint for a "permission denied for table …" error, or undefined (not a table, not an
 * API role, nothing the request asked for is missing). Looks the relation up as the caller, in
 * the request's schema first.
 */
export async function permissionHint(
  err: PgError,
  plan: ReadPlan | MutatePlan | CallPlan,
  ctx: RequestContext,
  runAsRole: Db['runAsRole'],
): Promise<string | undefined> {
  if (err.code !== '42501' || err.hint || !HINT_ROLES.has(ctx.role)) return undefined;
  const rel = DENIED.exec(err.message ?? '')?.[1];
  const want = wanted(plan);
  if (!rel || want.size === 0) return undefined;
  try {
    const [res] = await runAsRole({ ...ctx, settings: {}, readOnly: true }, [{
      sql: `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
          not has_table_privilege(c.oid, 'SELECT') as "SELECT", not has_table_privilege(c.oid, 'INSERT') as "INSERT",
          not has_table_privilege(c.oid, 'UPDATE') as "UPDATE", not has_table_privilege(c.oid, 'DELETE') as "DELETE"
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relname = $1 order by n.nspname = $2 desc, n.nspname = 'public' desc limit 1`,
      params: [rel, plan.schema],
    }]);
    const row = res?.rows[0] as Record<string, unknown> | undefined;
    if (!row) return undefined;
    const missing = ORDER.filter((p) => want.has(p) && row[p] === true);
    if (missing.length === 0) return undefined;
    const role = /^[a-z_][a-z0-9_]*$/.test(ctx.role) ? ctx.role : `"${ctx.role.replace(/"/g, '""')}"`;
    return `Grant the required privileges to the current role with: GRANT ${missing.join(', ')} ON ${String(row.name)} TO ${role};`;
  } catch {
    return undefined;
  }
}
