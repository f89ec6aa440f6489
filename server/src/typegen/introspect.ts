import type { Queryable } from '../db/db-types.ts';

/**
 * What `gen types` needs from pg_catalog: the same facts postgres-meta (behind
 * `supabase gen types typescript`) collects, in the same shapes.
 */

export interface Relation {
  id: number;
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized' | 'foreign';
  /** Views: whether INSERT and UPDATE work on it (information_schema's is_insertable/updatable). */
  isUpdatable: boolean;
}

export interface Column {
  tableId: number;
  name: string;
  /** The type's name (`int4`, `_text`, an enum's name); a domain's base type. */
  format: string;
  isNullable: boolean;
  isIdentity: boolean;
  identityGeneration: 'ALWAYS' | 'BY DEFAULT' | null;
  hasDefault: boolean;
  isUpdatable: boolean;
}

export interface Relationship {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
  isOneToOne: boolean;
}

export interface FunctionArg {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  typeId: number;
  hasDefault: boolean;
}

export interface PgFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  /** pg_get_function_arguments: "a integer, b text DEFAULT …", or a table name for a computed field. */
  argumentTypes: string;
  returnType: string;
  returnTypeId: number;
  returnTypeRelationId: number | null;
  isSetReturning: boolean;
  prorows: number | null;
}

export interface PgType {
  id: number;
  schema: string;
  name: string;
  /** format_type(): the qualified name, as used for a row type's source table. */
  format: string;
  enums: string[];
  attributes: { name: string; typeId: number }[];
  typeRelationId: number | null;
}

export interface Introspection {
  schemas: string[];
  relations: Relation[];
  columns: Column[];
  relationships: Relationship[];
  functions: PgFunction[];
  types: PgType[];
}

const RELATIONS = `
  select c.oid::int8 as id, n.nspname as schema, c.relname as name,
    case c.relkind when 'v' then 'view' when 'm' then 'materialized' when 'f' then 'foreign' else 'table' end as kind,
    c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as "isUpdatable"
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

const COLUMNS = `
  select c.oid::int8 as "tableId", a.attname as name,
    coalesce(bt.typname, t.typname) as format,
    not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as "isNullable",
    a.attidentity in ('a', 'd') as "isIdentity",
    case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as "identityGeneration",
    a.atthasdef as "hasDefault",
    (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false))) as "isUpdatable"
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
  where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
  order by c.oid, a.attnum`;

// As postgres-meta (after PostgREST's schema cache): one row per foreign key; one-to-one when
// its columns are exactly a primary key or unique constraint of the referencing table.
const RELATIONSHIPS = `
  select con.conname as "foreignKeyName", ns.nspname as schema, tab.relname as relation,
    cols.cols as columns, rns.nspname as "referencedSchema", ref.relname as "referencedRelation",
    cols.refs as "referencedColumns",
    exists (
      select 1 from pg_constraint u
      where u.conrelid = con.conrelid and u.contype in ('p', 'u')
        and (select array_agg(a.attname::text order by a.attnum) from unnest(u.conkey) k join pg_attribute a on a.attrelid = u.conrelid and a.attnum = k)
          = (select array_agg(x) from jsonb_array_elements_text(cols.cols) x)
    ) as "isOneToOne"
  from pg_constraint con
  join lateral (
    select jsonb_agg(c.attname order by o) as cols, jsonb_agg(r.attname order by o) as refs
    from unnest(con.conkey, con.confkey) with ordinality as k(col, ref, o)
    join pg_attribute c on c.attrelid = con.conrelid and c.attnum = k.col
    join pg_attribute r on r.attrelid = con.confrelid and r.attnum = k.ref
  ) cols on true
  join pg_class tab on tab.oid = con.conrelid
  join pg_namespace ns on ns.oid = tab.relnamespace
  join pg_class ref on ref.oid = con.confrelid
  join pg_namespace rns on rns.oid = ref.relnamespace
  where con.contype = 'f' and con.conparentid = 0 and ns.nspname = any($1)
  order by con.conname, ref.relname`;

const FUNCTIONS = `
  select n.nspname as schema, p.proname as name,
    pg_get_function_arguments(p.oid) as "argumentTypes",
    pg_get_function_result(p.oid) as "returnType",
    p.prorettype::int8 as "returnTypeId",
    nullif(rt.typrelid::int8, 0) as "returnTypeRelationId",
    p.proretset as "isSetReturning",
    case when p.proretset then nullif(p.prorows, 0)::float8 end as prorows,
    coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as modes,
    coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as names,
    coalesce(p.proallargtypes, p.proargtypes::oid[])::int8[] as types,
    p.pronargdefaults as "defaults"
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  left join pg_type rt on rt.oid = p.prorettype
  where n.nspname = any($1) and p.prokind = 'f'
    and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`;

const TYPES = `
  select t.oid::int8 as id, n.nspname as schema, t.typname as name, format_type(t.oid, null) as format,
    coalesce((select jsonb_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '[]') as enums,
    coalesce((select jsonb_agg(jsonb_build_object('name', a.attname, 'typeId', a.atttypid::int8) order by a.attnum)
              from pg_class c join pg_attribute a on a.attrelid = c.oid
              where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped), '[]') as attributes,
    nullif(t.typrelid::int8, 0) as "typeRelationId"
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  where t.typrelid = 0 or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)`;

const MODES: Record<string, FunctionArg['mode']> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };

function num(v: unknown): number {
  return Number(v);
}

export async function introspect(db: Queryable, schemas: string[]): Promise<Introspection> {
  const [relations, columns, relationships, fnRows, types] = [
    (await db.query<Relation>(RELATIONS, [schemas])).rows,
    (await db.query<Column>(COLUMNS, [schemas])).rows,
    (await db.query<Relationship>(RELATIONSHIPS, [schemas])).rows,
    (await db.query<Record<string, unknown>>(FUNCTIONS, [schemas])).rows,
    (await db.query<PgType>(TYPES)).rows,
  ];
  const functions = fnRows.map((r): PgFunction => {
    const modes = r.modes as string[];
    const names = r.names as string[];
    const typeIds = (r.types as unknown[]).map(num);
    const inputs = modes.map((m, i) => (m === 'i' || m === 'b' || m === 'v' ? i : -1)).filter((i) => i >= 0);
    const firstDefault = inputs.length - num(r.defaults);
    return {
      schema: r.schema as string,
      name: r.name as string,
      argumentTypes: r.argumentTypes as string,
      returnType: r.returnType as string,
      returnTypeId: num(r.returnTypeId),
      returnTypeRelationId: r.returnTypeRelationId === null ? null : num(r.returnTypeRelationId),
      isSetReturning: r.isSetReturning as boolean,
      prorows: r.prorows === null ? null : num(r.prorows),
      args: modes.map((m, i) => ({
        mode: MODES[m] ?? 'in',
        name: names[i] ?? '',
        typeId: typeIds[i]!,
        hasDefault: inputs.indexOf(i) >= firstDefault && inputs.includes(i),
      })),
    };
  });
  return {
    schemas,
    relations: relations.map((r) => ({ ...r, id: num(r.id) })),
    columns: columns.map((c) => ({ ...c, tableId: num(c.tableId) })),
    relationships,
    functions,
    types: types.map((t) => ({
      ...t,
      id: num(t.id),
      typeRelationId: t.typeRelationId === null ? null : num(t.typeRelationId),
      attributes: t.attributes.map((a) => ({ name: a.name, typeId: num(a.typeId) })),
    })),
  };
}
