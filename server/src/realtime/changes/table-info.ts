import type { Queryable } from '../../db/db-types.ts';

export interface TableInfo {
  rel: string;
  rls: boolean;
  /** pg_class.relreplident: d(efault: PK), f(ull), n(othing), i(ndex). */
  replicaIdentity: string;
  columns: { name: string; type: string; format: string }[];
  types: Map<string, string>;
  pk: string[];
  pkTypes: string[];
}

const TTL_MS = 30_000;

/**
 * Catalog facts about captured tables and what each role may see of them, cached briefly:
 * columns change only with migrations, and a stale answer lasts at most TTL_MS.
 */
export class TableInfoCache {
  private readonly tables = new Map<string, { at: number; info: Promise<TableInfo | undefined> }>();
  private readonly visible = new Map<string, { at: number; cols: Promise<Set<string>> }>();
  private readonly bypass = new Map<string, { at: number; yes: Promise<boolean> }>();
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  table(schema: string, table: string): Promise<TableInfo | undefined> {
    const key = `${schema}.${table}`;
    const hit = this.tables.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.info;
    const info = this.load(schema, table);
    this.tables.set(key, { at: Date.now(), info });
    return info;
  }

  /** Columns `role` may SELECT (none when it has no access to the table at all). */
  visibleColumns(info: TableInfo, role: string): Promise<Set<string>> {
    const key = `${info.rel}|${role}`;
    const hit = this.visible.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.cols;
    const cols = this.db
      .query<{ name: string }>(
        `select a.attname as name from pg_attribute a
         where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
           and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
        [info.rel, role],
      )
      .then((r) => new Set(r.rows.map((x) => x.name)))
      .catch(() => new Set<string>());
    this.visible.set(key, { at: Date.now(), cols });
    return cols;
  }

  bypassesRls(role: string): Promise<boolean> {
    const hit = this.bypass.get(role);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.yes;
    const yes = this.db
      .query<{ b: boolean }>('select rolbypassrls as b from pg_roles where rolname = $1', [role])
      .then((r) => r.rows[0]?.b === true);
    this.bypass.set(role, { at: Date.now(), yes });
    return yes;
  }

  private async load(schema: string, table: string): Promise<TableInfo | undefined> {
    const r = await this.db.query<{ rel: string; rls: boolean; replident: string; columns: TableInfo['columns'] | null; pk: { name: string; format: string }[] | null }>(
      `select c.oid::regclass::text as rel, c.relrowsecurity as rls, c.relreplident as replident,
         (select json_agg(json_build_object('name', a.attname, 'type', t.typname, 'format', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
            from pg_attribute a join pg_type t on t.oid = a.atttypid
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
         (select json_agg(json_build_object('name', a.attname, 'format', format_type(a.atttypid, a.atttypmod)) order by k.ord)
            from pg_index i, unnest(i.indkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attnum = k.attnum
            where i.indrelid = c.oid and i.indisprimary and a.attrelid = c.oid) as pk
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relname = $2`,
      [schema, table],
    );
    const row = r.rows[0];
    if (!row) return undefined;
    const columns = row.columns ?? [];
    return {
      rel: row.rel,
      rls: row.rls,
      replicaIdentity: row.replident,
      columns,
      types: new Map(columns.map((c) => [c.name, c.type])),
      pk: (row.pk ?? []).map((p) => p.name),
      pkTypes: (row.pk ?? []).map((p) => p.format),
    };
  }
}
