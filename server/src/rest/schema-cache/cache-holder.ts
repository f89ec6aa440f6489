import type { Db } from '../../db/db-types.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

/**
 * A cheap summary of the catalog: it changes whenever relations, columns, constraints or
 * functions are created, altered or dropped. Checked when a request names something the
 * cache does not know, so a stale cache heals without reloading on every miss.
 */
const FINGERPRINT_SQL = `select concat_ws(':',
  (select count(*) from pg_class), (select max(xmin::text::bigint) from pg_class),
  (select count(*) from pg_proc), (select max(xmin::text::bigint) from pg_proc),
  (select count(*) from pg_constraint), (select max(xmin::text::bigint) from pg_constraint),
  (select max(xmin::text::bigint) from pg_attribute), (select count(*) from pg_db_role_setting)) as fp`;

/**
 * Holds the current schema cache and reloads it: on `NOTIFY pgrst, 'reload schema'` (sent by
 * our DDL event trigger, by Supabase tooling or by hand), when `reload()` is called (after
 * migrations), and when a lookup misses and the catalog fingerprint has changed.
 */
export class SchemaCacheHolder {
  private readonly db: Db;
  private readonly schemas: string[];
  private readonly extraSearchPath: string[];
  private cache: SchemaCache | undefined;
  private fingerprint = '';
  private inflight: Promise<SchemaCache> | undefined;
  private again = false;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(db: Db, schemas: string[], extraSearchPath: string[]) {
    this.db = db;
    this.schemas = schemas;
    this.extraSearchPath = extraSearchPath;
  }

  /** The current cache, waiting for a reload in progress. */
  async get(): Promise<SchemaCache> {
    if (this.inflight) return this.inflight;
    if (this.cache) return this.cache;
    return this.reload();
  }

  /** The current cache when no reload is in progress, without waiting (a request's fast path). */
  ready(): SchemaCache | undefined {
    return this.inflight ? undefined : this.cache;
  }

  /** Reloads now (coalescing with a reload already running). */
  reload(): Promise<SchemaCache> {
    if (this.inflight) {
      this.again = true;
      return this.inflight;
    }
    const run = async (): Promise<SchemaCache> => {
      try {
        do {
          this.again = false;
          const fp = await this.db.query<{ fp: string }>(FINGERPRINT_SQL);
          this.cache = await loadSchemaCache(this.db, this.schemas, this.extraSearchPath);
          this.fingerprint = fp.rows[0]?.fp ?? '';
        } while (this.again);
        return this.cache;
      } finally {
        this.inflight = undefined;
      }
    };
    this.inflight = run();
    return this.inflight;
  }

  /** After a miss: reload only if the catalog changed since the last load. */
  async refreshIfStale(): Promise<SchemaCache | undefined> {
    if (this.inflight) return this.inflight;
    const fp = await this.db.query<{ fp: string }>(FINGERPRINT_SQL);
    if (fp.rows[0]?.fp === this.fingerprint) return undefined;
    return this.reload();
  }

  async listen(): Promise<void> {
    this.stopListening = await this.db.listen('pgrst', (payload) => {
      if (payload === 'reload schema' || payload === 'reload config' || payload === '') void this.reload().catch(() => {});
    });
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    await this.inflight?.catch(() => {});
  }
}

/**
 * Supabase's DDL watch: event triggers that send `NOTIFY pgrst, 'reload schema'` after DDL that
 * changes what the API exposes (not temporary objects, not grants), so every server instance on
 * the database reloads. Needs a superuser; skipped quietly otherwise (the fingerprint check on a
 * cache miss still heals a stale cache).
 */
export async function installDdlWatch(db: Db): Promise<void> {
  await db
    .exec(`do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) then return; end if;
  create or replace function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $f$
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
  end $f$;
  create or replace function extensions.pgrst_drop_watch() returns event_trigger language plpgsql as $f$
  declare obj record;
  begin
    for obj in select * from pg_event_trigger_dropped_objects() loop
      if obj.object_type in ('schema', 'table', 'foreign table', 'view', 'materialized view', 'function', 'trigger', 'type', 'rule')
         and not obj.is_temporary then
        perform pg_notify('pgrst', 'reload schema');
        return;
      end if;
    end loop;
  end $f$;
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
