import { seedFiles } from '../db/seed-files.ts';
import type { Config } from '../config/config-schema.ts';
import { configTomlNotes } from '../config/config-toml.ts';
import type { Db } from '../db/db-types.ts';

const API_ROLES = ['anon', 'authenticated', 'service_role'];

/**
 * Tables and views in the exposed schemas that no API role may read: every request to them
 * answers 42501 "permission denied", the first thing an older app hits where new tables are
 * not exposed automatically. Named with the two ways to fix it.
 */
export async function unreadableTableNotes(db: Db, config: Config): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
        and not exists (select 1 from unnest($2::text[]) r(role)
                        where exists (select 1 from pg_roles where rolname = r.role)
                          and has_table_privilege(r.role, c.oid, 'select'))
      order by 1`,
    [config.apiSchemas, API_ROLES],
  );
  if (rows.length === 0) return [];
  const names = rows.map((r) => r.name);
  const shown = names.length > 8 ? `${names.slice(0, 8).join(', ')} and ${names.length - 8} more` : names.join(', ');
  return [
    `${shown}: no API role (anon, authenticated, service_role) may read ${names.length === 1 ? 'it' : 'them'}, so every API request answers 42501 "permission denied". ` +
      `Fix it either with grants in a migration (grant select, insert, update, delete on ${names[0]} to anon, authenticated, service_role; RLS still decides rows) ` +
      `or with [api] auto_expose_new_tables = true in config.toml, or --auto-expose-new-tables (GATHER_AUTO_EXPOSE_NEW_TABLES=true) to leave the project unchanged ` +
      `(granted once: new tables get those grants, as on Supabase before 2026, and the tables already there that nobody granted or revoked anything on).`,
  ];
}

/**
 * Functions in the exposed schemas that service_role may not execute: a project whose
 * migrations revoke EXECUTE from PUBLIC (Supabase's advice since 2026) without granting it
 * back answers 42501 on every `rpc()` of them, even with the secret key. Trigger functions are
 * left out (no one calls them), and so are extensions' own.
 */
export async function unexecutableFunctionNotes(db: Db, config: Config): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as name
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and p.prokind = 'f'
        and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        and exists (select 1 from pg_roles where rolname = 'service_role')
        and not has_function_privilege('service_role', p.oid, 'execute')
      order by 1`,
    [config.apiSchemas],
  );
  if (rows.length === 0) return [];
  const names = rows.map((r) => r.name);
  const shown = names.length > 8 ? `${names.slice(0, 8).join(', ')} and ${names.length - 8} more` : names.join(', ');
  const one = names.length === 1;
  return [
    `${shown}: service_role may not execute ${one ? 'this function' : 'these functions'}, so every rpc() of ${one ? 'it' : 'them'}, even with the secret key, answers 42501 "permission denied for function". ` +
      `Fix it with a grant in a migration (grant execute on function ${names[0]} to service_role; add anon, authenticated where they should call it too).`,
  ];
}

/** Everything start-up says the project asks for that this server will not do. */
export async function startupNotes(config: Config, db: Db, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  return [
    ...configTomlNotes(config.project, env),
    ...seedPathNotes(config),
    ...(await unreadableTableNotes(db, config)),
    ...(await unexecutableFunctionNotes(db, config)),
  ];
}

/** `[db.seed] sql_paths` entries that match no file, as the CLI's "no files matched pattern" (a missing default seed.sql is normal). */
export function seedPathNotes(config: Config): string[] {
  if (!config.seedEnabled) return [];
  const { unmatched } = seedFiles(config.project, config.seedPaths);
  return unmatched.filter((p) => p !== './seed.sql' && p !== 'seed.sql').map((p) => `config.toml: [db.seed] sql_paths: no files matched pattern: ${p}`);
}
