import type { Db } from '../../db/db-types.ts';

/** The event triggers' functions, as PostgreSQL keeps them (`prosrc`): compared before writing. */
const DDL_WATCH = `
  declare cmd record;
  begin
    for cmd in select * from pg_event_trigger_ddl_commands() loop
      if cmd.command_tag in ('CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE',
          'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW', 'ALTER VIEW', 'CREATE MATERIALIZED VIEW',
          'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION', 'ALTER FUNCTION', 'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE',
          'CREATE RULE', 'COMMENT')
         and cmd.schema_name is distinct from 'pg_temp' then
        perform pg_notify('pgrst', 'reload schema');
        return;
      end if;
    end loop;
  end `;
const DROP_WATCH = `
  declare obj record;
  begin
    for obj in select * from pg_event_trigger_dropped_objects() loop
      if obj.object_type in ('schema', 'table', 'foreign table', 'view', 'materialized view', 'function', 'trigger', 'type', 'rule')
         and not obj.is_temporary then
        perform pg_notify('pgrst', 'reload schema');
        return;
      end if;
    end loop;
  end `;

/**
 * Supabase's DDL watch: event triggers that send `NOTIFY pgrst, 'reload schema'` after DDL that
 * changes what the API exposes (not temporary objects, not grants), so every server instance on
 * the database reloads. Needs a superuser; skipped quietly otherwise (the fingerprint check on a
 * cache miss still heals a stale cache). Written only when missing or different: rewriting the
 * functions at every start changed the catalog at every start, and with it the fingerprint the
 * stored schema cache is kept under (stored-cache.ts). Installed after the migrations, as
 * before: a first start's thousands of DDL statements do not each call it.
 */
export async function installDdlWatch(db: Db): Promise<void> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_event_trigger t join pg_proc p on p.oid = t.evtfoid
     where (t.evtname, p.prosrc) in (('pgrst_ddl_watch', $1), ('pgrst_drop_watch', $2))`,
    [DDL_WATCH, DROP_WATCH],
  );
  if (rows[0]?.n === 2) return;
  await db
    .exec(`do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) then return; end if;
  create or replace function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $f$${DDL_WATCH}$f$;
  create or replace function extensions.pgrst_drop_watch() returns event_trigger language plpgsql as $f$${DROP_WATCH}$f$;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_drop_watch();
  end if;
exception when others then null;
end $$;`)
    .catch(() => {});
}
