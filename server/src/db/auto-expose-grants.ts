import type { Queryable } from './db-types.ts';

const API_ROLES = 'anon, authenticated, service_role';

/**
 * `--auto-expose-new-tables` (decision 0245): Supabase's old default, under which every new
 * `public` table, sequence and function was granted to the API roles. Granted once per database
 * (decision 0270), as the platform did once when it made the database, and recorded in
 * `_gather.auto_expose_granted`; never again at a later start, so a migration's
 * `alter default privileges … revoke` or `revoke … on <table>` stays as the migration left it.
 * The tables and sequences already there (migrated before the switch was first on) are granted
 * too, but only those whose privileges nobody has set (no ACL yet: a migration that granted or
 * revoked anything on one is left alone), and never an extension's own (PostGIS's
 * `spatial_ref_sys`). Runs inside the caller's transaction, under the start-up lock. Returns
 * whether it granted now.
 */
export async function grantAutoExposeOnce(tx: Queryable): Promise<boolean> {
  const first = await tx.query('insert into _gather.auto_expose_granted default values on conflict do nothing returning 1');
  if (first.rows.length === 0) return false;
  await tx.exec(`
    alter default privileges in schema public grant all on tables to ${API_ROLES};
    alter default privileges in schema public grant all on sequences to ${API_ROLES};
    alter default privileges in schema public grant all on functions to ${API_ROLES};`);
  const { rows } = await tx.query<{ name: string; sequence: boolean }>(
    `select format('%I.%I', n.nspname, c.relname) as name, c.relkind = 'S' as sequence
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and c.relacl is null
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
     order by 1`,
  );
  for (const r of rows) await tx.exec(`grant all on ${r.sequence ? 'sequence ' : ''}${r.name} to ${API_ROLES}`);
  return true;
}
