import type { Db, Queryable } from '../../db/db-types.ts';
import { loadTables } from './load-tables.ts';
import { loadForeignKeys, loadViewSources } from './load-keys.ts';
import { loadComputedRelationships, loadRoutines } from './load-routines.ts';
import { addViewPrimaryKeys, deriveRelationships } from './relationships.ts';
import { qiKey, type ComputedRelationship, type DbSettings, type QualifiedName, type Relationship, type Routine, type Table } from './types.ts';

/** Everything the REST API needs to know about the database, loaded in one go. */
export interface SchemaCache {
  schemas: string[];
  tables: Map<string, Table>;
  /** Relationships by origin table key. */
  relationships: Map<string, Relationship[]>;
  /** Routines by qualified name key (overloads together). */
  routines: Map<string, Routine[]>;
  settings: DbSettings;
  /** Settings stored on API roles (`ALTER ROLE anon SET statement_timeout = …`). */
  roleSettings: Map<string, [string, string][]>;
  hasPostgis: boolean;
  loadedAt: number;
}

export function findTable(cache: SchemaCache, schema: string, name: string): Table | undefined {
  return cache.tables.get(qiKey({ schema, name }));
}

export function relationshipsFrom(cache: SchemaCache, origin: QualifiedName): Relationship[] {
  return cache.relationships.get(qiKey(origin)) ?? [];
}

/** The settings PostgREST reads from roles (`ALTER ROLE … SET`), for this database. */
export async function loadDbSettings(tx: Queryable): Promise<{ settings: DbSettings; roles: Map<string, [string, string][]> }> {
  const { rows } = await tx.query<{ role: string; config: string }>(
    `select r.rolname as role, array_to_json(s.setconfig)::text as config
     from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
     where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
     order by s.setdatabase`,
  );
  const settings: DbSettings = { aggregatesEnabled: false, planEnabled: false, txEnd: 'commit' };
  const roles = new Map<string, [string, string][]>();
  for (const r of rows) {
    for (const kv of JSON.parse(r.config) as string[]) {
      const i = kv.indexOf('=');
      const k = kv.slice(0, i);
      const v = kv.slice(i + 1);
      if (r.role === 'authenticator') {
        if (k === 'pgrst.db_aggregates_enabled') settings.aggregatesEnabled = v === 'true';
        else if (k === 'pgrst.db_plan_enabled') settings.planEnabled = v === 'true';
        else if (k === 'pgrst.db_tx_end' && ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'].includes(v)) {
          settings.txEnd = v as DbSettings['txEnd'];
        }
      } else if (!k.startsWith('pgrst.')) {
        roles.set(r.role, [...(roles.get(r.role) ?? []).filter(([x]) => x !== k), [k, v]]);
      }
    }
  }
  return { settings, roles };
}

/** Reads the catalog for the exposed `schemas` (functions also from `extraSearchPath`). */
export async function loadSchemaCache(db: Db, schemas: string[], extraSearchPath: string[]): Promise<SchemaCache> {
  return db.transaction(async (tx) => {
    // Empty search_path: every type name comes back schema-qualified, safe to use in casts.
    await tx.exec(`set local search_path to ''`);
    const tableList = await loadTables(tx, schemas);
    const tables = new Map(tableList.map((t) => [qiKey(t), t]));
    const fks = await loadForeignKeys(tx);
    const sources = await loadViewSources(tx, schemas);
    addViewPrimaryKeys(tables, sources);
    const computedRows = await loadComputedRelationships(tx, [...new Set([...schemas, ...extraSearchPath])]);
    const computed: ComputedRelationship[] = computedRows.map((r) => ({
      kind: 'computed',
      function: { schema: r.schema, name: r.name },
      table: { schema: r.tschema, name: r.tname },
      foreignTable: { schema: r.fschema, name: r.fname },
      isSelf: r.tschema === r.fschema && r.tname === r.fname,
      toOne: r.toOne,
    }));
    // Base-table PKs (including private schemas) for junction detection.
    const pkCache = new Map<string, string[]>();
    const pkRows = await tx.query<{ schema: string; name: string; pk: string }>(
      `select n.nspname as schema, c.relname as name, json_agg(a.attname)::text as pk
       from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = con.conrelid and a.attnum = any(con.conkey)
       where con.contype = 'p' group by n.nspname, c.relname`,
    );
    for (const r of pkRows.rows) pkCache.set(qiKey(r), JSON.parse(r.pk) as string[]);
    const pkOf = (q: QualifiedName) => tables.get(qiKey(q))?.pk ?? pkCache.get(qiKey(q)) ?? [];
    const rels = deriveRelationships(fks, sources, tables, computed, pkOf).filter(
      (r) => tables.has(qiKey(r.table)) && tables.has(qiKey(r.foreignTable)),
    );
    const relationships = new Map<string, Relationship[]>();
    for (const r of rels) {
      const k = qiKey(r.table);
      const list = relationships.get(k);
      if (list) list.push(r);
      else relationships.set(k, [r]);
    }
    const routines = new Map<string, Routine[]>();
    for (const r of await loadRoutines(tx, schemas)) {
      const k = qiKey(r);
      routines.set(k, [...(routines.get(k) ?? []), r]);
    }
    const { settings, roles } = await loadDbSettings(tx);
    const postgis = await tx.query(`select 1 from pg_proc where proname = 'st_asgeojson' limit 1`);
    return { schemas, tables, relationships, routines, settings, roleSettings: roles, hasPostgis: postgis.rows.length > 0, loadedAt: Date.now() };
  });
}
