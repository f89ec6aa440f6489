import type { Queryable } from '../../db/db-types.ts';
import type { Routine, RoutineParam } from './types.ts';

/**
 * Functions of the exposed schemas callable over /rpc: every input parameter named, or exactly
 * one unnamed json/jsonb/text/xml/bytea parameter; not returning `trigger`; no procedures.
 */
const ROUTINES_SQL = `
with procs as (
  select p.* from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in (select json_array_elements_text($1::json)) and p.prokind = 'f'
    and p.prorettype <> 'trigger'::regtype
),
args as (
  select p.oid, a.name, a.type, coalesce(a.mode, 'i') as mode, a.ord,
    row_number() over (partition by p.oid order by a.ord) as idx
  from procs p,
    unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes) with ordinality as a(type, name, mode, ord)
  where coalesce(a.mode, 'i') in ('i', 'b', 'v')
),
args_agg as (
  select a.oid,
    json_agg(json_build_object(
      'name', coalesce(a.name, ''),
      'type', a.type::regtype::text,
      'recordType', case a.type
        when 'bit'::regtype then 'bit varying' when 'bit[]'::regtype then 'bit varying[]'
        when 'character'::regtype then 'character varying' when 'character[]'::regtype then 'character varying[]'
        else a.type::regtype::text end,
      'required', a.idx <= (p.pronargs - p.pronargdefaults),
      'variadic', a.mode = 'v'
    ) order by a.ord) as params,
    case count(*) - count(nullif(a.name, ''))
      when 0 then true
      when 1 then (array_agg(a.type))[1] in ('bytea'::regtype, 'json'::regtype, 'jsonb'::regtype, 'text'::regtype, 'xml'::regtype)
      else false end as callable
  from args a join procs p on p.oid = a.oid
  group by a.oid
)
select pn.nspname as schema, p.proname as name, d.description,
  coalesce(aa.params, '[]'::json)::text as params,
  tn.nspname as "returnSchema", coalesce(comp.relname, t.typname) as "returnName",
  p.proretset as "returnsSetOf",
  (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as "returnsComposite",
  p.prorettype = 'void'::regtype as "returnsVoid",
  p.provolatile::text as volatility,
  p.provariadic <> 0 as "hasVariadic",
  coalesce(array_to_json(p.proconfig), '[]'::json)::text as config
from procs p
join pg_namespace pn on pn.oid = p.pronamespace
left join args_agg aa on aa.oid = p.oid
join pg_type rt on rt.oid = p.prorettype
join pg_type t on t.oid = case when rt.typtype = 'd' then rt.typbasetype else rt.oid end
join pg_namespace tn on tn.oid = t.typnamespace
left join pg_class comp on comp.oid = t.typrelid
left join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass
where coalesce(aa.callable, true)
order by pn.nspname, p.proname, p.oid`;

const HOISTED = new Set(['statement_timeout', 'plan_filter.statement_cost_limit', 'default_transaction_isolation']);

export async function loadRoutines(tx: Queryable, schemas: string[]): Promise<Routine[]> {
  const { rows } = await tx.query<{
    schema: string;
    name: string;
    description: string | null;
    params: string;
    returnSchema: string;
    returnName: string;
    returnsSetOf: boolean;
    returnsComposite: boolean;
    returnsVoid: boolean;
    volatility: string;
    hasVariadic: boolean;
    config: string;
  }>(ROUTINES_SQL, [JSON.stringify(schemas)]);
  return rows.map((r) => ({
    schema: r.schema,
    name: r.name,
    description: r.description,
    params: JSON.parse(r.params) as RoutineParam[],
    returnType: { schema: r.returnSchema, name: r.returnName },
    returnsSetOf: r.returnsSetOf,
    returnsComposite: r.returnsComposite,
    returnsVoid: r.returnsVoid,
    volatility: r.volatility as Routine['volatility'],
    hasVariadic: r.hasVariadic,
    settings: (JSON.parse(r.config) as string[])
      .map((kv): [string, string] => {
        const i = kv.indexOf('=');
        return [kv.slice(0, i), kv.slice(i + 1)];
      })
      .filter(([k]) => HOISTED.has(k)),
  }));
}

/** Computed relationships: `f(tbl) returns [setof] other_tbl` with exactly one argument. */
export async function loadComputedRelationships(tx: Queryable, schemas: string[]) {
  const { rows } = await tx.query<{ schema: string; name: string; tschema: string; tname: string; fschema: string; fname: string; toOne: boolean }>(
    `with rels as (select reltype from pg_class where relkind in ('v', 'r', 'm', 'f', 'p'))
     select pn.nspname as schema, p.proname as name, an.nspname as tschema, at.typname as tname,
       rn.nspname as fschema, rtt.typname as fname, (not p.proretset or p.prorows = 1) as "toOne"
     from pg_proc p
     join pg_namespace pn on pn.oid = p.pronamespace
     join pg_type at on at.oid = p.proargtypes[0]
     join pg_namespace an on an.oid = at.typnamespace
     join pg_type rtt on rtt.oid = p.prorettype
     join pg_namespace rn on rn.oid = rtt.typnamespace
     where p.pronargs = 1 and p.proargtypes[0] in (select reltype from rels) and p.prorettype in (select reltype from rels)
       and pn.nspname in (select json_array_elements_text($1::json))`,
    [JSON.stringify(schemas)],
  );
  return rows;
}
