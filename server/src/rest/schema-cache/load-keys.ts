import type { Queryable } from '../../db/db-types.ts';
import type { QualifiedName } from './types.ts';
import { viewTargets } from './view-definition.ts';

/** A foreign key constraint, with its column pairs in key order. */
export interface ForeignKey {
  table: QualifiedName;
  foreignTable: QualifiedName;
  constraint: string;
  isSelf: boolean;
  columns: [string, string][];
  /** The FK columns are exactly a PK or UNIQUE constraint of `table`. */
  oneToOne: boolean;
}

const FKS_SQL = `
select ns1.nspname as schema, tab.relname as "table", ns2.nspname as fschema, other.relname as ftable,
  con.conname as "constraint", con.conrelid = con.confrelid as "isSelf",
  (select json_agg(json_build_array(ca.attname, ra.attname) order by k.ord)
     from unnest(con.conkey, con.confkey) with ordinality as k(col, ref, ord)
     join pg_attribute ca on ca.attrelid = con.conrelid and ca.attnum = k.col
     join pg_attribute ra on ra.attrelid = con.confrelid and ra.attnum = k.ref)::text as columns,
  array(select unnest(con.conkey) order by 1) in (
    select array(select unnest(u.conkey) order by 1) from pg_constraint u
    where u.conrelid = con.conrelid and u.contype in ('p', 'u')) as "oneToOne"
from pg_constraint con
join pg_class tab on tab.oid = con.conrelid
join pg_namespace ns1 on ns1.oid = tab.relnamespace
join pg_class other on other.oid = con.confrelid
join pg_namespace ns2 on ns2.oid = other.relnamespace
where con.contype = 'f' and con.conparentid = 0
  and ns1.nspname not in ('pg_catalog', 'information_schema')
order by con.conrelid, con.conname`;

export async function loadForeignKeys(tx: Queryable): Promise<ForeignKey[]> {
  const { rows } = await tx.query<{ schema: string; table: string; fschema: string; ftable: string; constraint: string; isSelf: boolean; columns: string; oneToOne: boolean }>(FKS_SQL);
  return rows.map((r) => ({
    table: { schema: r.schema, name: r.table },
    foreignTable: { schema: r.fschema, name: r.ftable },
    constraint: r.constraint,
    isSelf: r.isSelf,
    columns: JSON.parse(r.columns) as [string, string][],
    oneToOne: r.oneToOne,
  }));
}

/** For a view: each of its columns that comes straight from a base table column. */
export interface ViewColumnSource {
  view: QualifiedName;
  /** view column → base table and column (views of views followed to the table). */
  columns: Map<string, { table: QualifiedName; column: string }>;
}

interface RelInfo {
  schema: string;
  name: string;
  isView: boolean;
  /** attnum → name */
  attnames: Map<number, string>;
  targets?: Map<number, { origTable: number; origColumn: number }>;
}

export async function loadViewSources(tx: Queryable, schemas: string[]): Promise<ViewColumnSource[]> {
  const views = await tx.query<{ oid: number; schema: string; name: string; action: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name, r.ev_action::text as action
     from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_rewrite r on r.ev_class = c.oid
     where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema') and r.rulename = '_RETURN'`,
  );
  if (views.rows.length === 0) return [];
  const targetsByView = new Map<number, ReturnType<typeof viewTargets>>();
  const referenced = new Set<number>();
  for (const v of views.rows) {
    const t = viewTargets(v.action);
    targetsByView.set(v.oid, t);
    referenced.add(v.oid);
    for (const e of t) if (e.origTable) referenced.add(e.origTable);
  }
  const attrs = await tx.query<{ rel: number; num: number; name: string; schema: string; relname: string; kind: string }>(
    `select a.attrelid::int as rel, a.attnum::int as num, a.attname as name, n.nspname as schema, c.relname, c.relkind::text as kind
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where a.attrelid in (select json_array_elements_text($1::json)::oid) and a.attnum > 0 and not a.attisdropped`,
    [JSON.stringify([...referenced])],
  );
  const rels = new Map<number, RelInfo>();
  for (const a of attrs.rows) {
    let r = rels.get(a.rel);
    if (!r) {
      r = { schema: a.schema, name: a.relname, isView: a.kind === 'v' || a.kind === 'm', attnames: new Map() };
      rels.set(a.rel, r);
    }
    r.attnames.set(a.num, a.name);
  }
  for (const [oid, t] of targetsByView) {
    const r = rels.get(oid);
    if (r) r.targets = new Map(t.map((e) => [e.resno, e]));
  }
  /** Follows a (relation, column) through views down to a table column. */
  const resolve = (oid: number, col: number, seen: Set<number>): { table: QualifiedName; column: string } | undefined => {
    const r = rels.get(oid);
    if (!r) return undefined;
    if (!r.isView) {
      const name = r.attnames.get(col);
      return name === undefined ? undefined : { table: { schema: r.schema, name: r.name }, column: name };
    }
    if (seen.has(oid)) return undefined;
    const t = r.targets?.get(col);
    if (!t || !t.origTable) return undefined;
    return resolve(t.origTable, t.origColumn, new Set([...seen, oid]));
  };
  const out: ViewColumnSource[] = [];
  for (const v of views.rows) {
    if (!schemas.includes(v.schema)) continue;
    const columns = new Map<string, { table: QualifiedName; column: string }>();
    for (const t of targetsByView.get(v.oid) ?? []) {
      if (!t.origTable) continue;
      const name = rels.get(v.oid)?.attnames.get(t.resno) ?? t.name;
      const src = resolve(t.origTable, t.origColumn, new Set([v.oid]));
      if (src && !columns.has(name)) columns.set(name, src);
    }
    out.push({ view: { schema: v.schema, name: v.name }, columns });
  }
  return out;
}
