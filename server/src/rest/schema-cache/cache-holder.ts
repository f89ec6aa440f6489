import type { Db } from '../../db/db-types.ts';
import { loadDbSettings, loadSchemaCache, type SchemaCache } from './schema-cache.ts';
import { readStoredCache, storeCache, storedCacheKey } from './stored-cache.ts';

/**
 * The catalogs the schema cache reads (tables, columns, defaults, types, enums, schemas,
 * functions, keys, views, triggers (a view's updatability), comments), and the role settings
 * of this database: pg_db_role_setting is shared by the cluster's databases, and another
 * database's settings are none of this cache's business.
 */
const CATALOGS = ['pg_class', 'pg_attribute', 'pg_attrdef', 'pg_type', 'pg_enum', 'pg_namespace', 'pg_proc',
  'pg_constraint', 'pg_rewrite', 'pg_trigger', 'pg_description'].map((c) => `pg_catalog.${c}`);
const ROLE_SETTINGS = `pg_catalog.pg_db_role_setting
  where setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))`;

/**
 * A cheap summary of the catalog: each catalog's row count and the sum of its rows' xmin, so it
 * changes whenever something is created, altered, commented or dropped (a changed row is a new
 * row version, written by a newer transaction). Checked when a request names something the cache
 * does not know, so a stale cache heals without reloading on every miss, and it says whether the
 * cache stored at the last load (stored-cache.ts) still holds.
 */
const FINGERPRINT_SQL = `select concat_ws(':', ${[...CATALOGS, ROLE_SETTINGS].map(
  (from) => `(select count(*) || '.' || coalesce(sum(xmin::text::bigint), 0) from ${from})`,
).join(', ')}) as fp`;

/**
 * Holds the current schema cache and reloads it: on `NOTIFY pgrst, 'reload schema'` (sent by
 * our DDL event trigger, by Supabase tooling or by hand), when `reload()` is called (after
 * migrations), and when a lookup misses and the catalog fingerprint has changed.
 */
export class SchemaCacheHolder {
  private readonly db: Db;
  private readonly schemas: string[];
  private readonly extraSearchPath: string[];
  /** Where the cache is kept between starts (stored-cache.ts). */
  private readonly key: string;
  private cache: SchemaCache | undefined;
  private fingerprint = '';
  private inflight: Promise<SchemaCache> | undefined;
  private again = false;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(db: Db, schemas: string[], extraSearchPath: string[]) {
    this.db = db;
    this.schemas = schemas;
    this.extraSearchPath = extraSearchPath;
    this.key = storedCacheKey(schemas, extraSearchPath);
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
          const fp = (await this.db.query<{ fp: string }>(FINGERPRINT_SQL)).rows[0]?.fp ?? '';
          this.cache = (this.cache ? undefined : await this.restore(fp)) ?? (await this.loadAndStore(fp));
          this.fingerprint = fp;
        } while (this.again);
        return this.cache;
      } finally {
        this.inflight = undefined;
      }
    };
    this.inflight = run();
    return this.inflight;
  }

  /** The cache the last load stored, if the catalog is as it was then (the first load only: a reload asked for reads the catalog). */
  private async restore(fingerprint: string): Promise<SchemaCache | undefined> {
    // A database bootstrapped without the table (a test's bare one): the catalog, as before.
    const stored = await readStoredCache(this.db, this.key, fingerprint).catch(() => undefined);
    if (!stored) return undefined;
    const { settings, roles } = await loadDbSettings(this.db);
    return { ...stored, settings, roleSettings: roles };
  }

  private async loadAndStore(fingerprint: string): Promise<SchemaCache> {
    const cache = await loadSchemaCache(this.db, this.schemas, this.extraSearchPath);
    // Not kept (a read-only database, say): the next start reads the catalog, as without a store.
    await storeCache(this.db, this.key, fingerprint, cache).catch(() => {});
    return cache;
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
