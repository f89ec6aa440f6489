import type { Queryable } from '../../db/db-types.ts';
import type { Column, Table } from './types.ts';

/**
 * Tables, views, materialized views, foreign and partitioned tables of the given schemas with
 * their columns (attnum order), primary keys and updatability. Run with an empty search_path
 * so type names come back schema-qualified.
 */
const TABLES_SQL = `
with schemas as (select n.oid from pg_namespace n where n.nspname in (select json_array_elements_text($1::json))),
cols as (
  select a.attrelid,
    json_agg(json_build_object(
      'name', a.attname,
      'description', d.description,
      'nullable', not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)),
      'type', case
        when t.typtype = 'd' and bt.typnamespace = 'pg_catalog'::regnamespace then format_type(t.typbasetype, null)
        when t.typnamespace = 'pg_catalog'::regnamespace then format_type(a.atttypid, null)
        else format_type(a.atttypid, a.atttypmod) end,
      'nominalType', format_type(a.atttypid, a.atttypmod),
      'maxLength', information_schema._pg_char_max_length(information_schema._pg_truetypid(a.*, t.*), information_schema._pg_truetypmod(a.*, t.*)),
      'default', case
        when t.typbasetype <> 0 and ad.adbin is null then pg_get_expr(t.typdefaultbin, 0)
        when a.attidentity = 'd' then format('nextval(%L)', seq.objid::regclass)
        when a.attgenerated = 's' then null
        else pg_get_expr(ad.adbin, ad.adrelid) end,
      'enum', coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e
                        where e.enumtypid = case when t.typtype = 'd' then t.typbasetype else t.oid end), '[]'::json),
      'generated', a.attgenerated = 's' or a.attidentity = 'a'
    ) order by a.attnum) as columns
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_type t on t.oid = a.atttypid
  left join pg_type bt on bt.oid = t.typbasetype
  left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
  left join pg_description d on d.objoid = a.attrelid and d.objsubid = a.attnum and d.classoid = 'pg_class'::regclass
  left join pg_depend seq on seq.refobjid = a.attrelid and seq.refobjsubid = a.attnum and seq.deptype = 'i'
    and seq.classid = 'pg_class'::regclass
  where a.attnum > 0 and not a.attisdropped and c.relnamespace in (select oid from schemas)
    and c.relkind in ('r', 'v', 'm', 'f', 'p')
  group by a.attrelid
),
pks as (
  select con.conrelid, json_agg(a.attname order by a.attname) as pk
  from pg_constraint con
  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = any(con.conkey)
  where con.contype = 'p'
  group by con.conrelid
)
select n.nspname as schema, c.relname as name, d.description,
  c.relkind in ('v', 'm') as "isView",
  (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and (pg_relation_is_updatable(c.oid::regclass, true) & 8) = 8)) as insertable,
  (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and (pg_relation_is_updatable(c.oid::regclass, true) & 4) = 4)) as updatable,
  (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and (pg_relation_is_updatable(c.oid::regclass, true) & 16) = 16)) as deletable,
  coalesce(pks.pk, '[]'::json)::text as pk,
  coalesce(cols.columns, '[]'::json)::text as columns
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_description d on d.objoid = c.oid and d.objsubid = 0 and d.classoid = 'pg_class'::regclass
left join pks on pks.conrelid = c.oid
left join cols on cols.attrelid = c.oid
where c.relkind in ('r', 'v', 'm', 'f', 'p') and c.relnamespace in (select oid from schemas) and not c.relispartition
order by n.nspname, c.relname`;

interface TableRow {
  schema: string;
  name: string;
  description: string | null;
  isView: boolean;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  pk: string;
  columns: string;
}

export async function loadTables(tx: Queryable, schemas: string[]): Promise<Table[]> {
  const { rows } = await tx.query<TableRow>(TABLES_SQL, [JSON.stringify(schemas)]);
  return rows.map((r) => {
    const columns = JSON.parse(r.columns) as Column[];
    return {
      schema: r.schema,
      name: r.name,
      description: r.description,
      isView: r.isView,
      insertable: r.insertable,
      updatable: r.updatable,
      deletable: r.deletable,
      pk: JSON.parse(r.pk) as string[],
      columns,
      columnsByName: new Map(columns.map((c) => [c.name, c])),
    };
  });
}
