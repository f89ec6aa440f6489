import type { MutatePlan } from '../plan/types.ts';
import { bodySql, RESPONSE_COLUMNS, rowCountHaving, type RowCountGuard } from './body-sql.ts';
import { arrayLiteral, conditionSql } from './filter-sql.ts';
import { nodeSql } from './read-sql.ts';
import { Params, quoteIdent, quoteLiteral, quoteQualified, type Statement } from './sql-builder.ts';

const INSERTED = (sign: '+' | '-') =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${sign} 1)::text, true)`;

/** The body rows as a JSON array (an object becomes a one-element array), with defaults merged in. */
/** `jsonb_build_object('col', <default>, …)` for the written columns that have a default. */
function defaultsObject(plan: MutatePlan): string | undefined {
  const defaults = plan.columns.filter((c) => c.default !== null).map((c) => `${quoteLiteral(c.name)}, ${c.default}`);
  return defaults.length ? `jsonb_build_object(${defaults.join(', ')})` : undefined;
}

function rowsSource(plan: MutatePlan, p: Params): string {
  const body = plan.payload && plan.payload.kind !== 'single' ? plan.payload.json : '[]';
  const json = p.typed(body, 'json');
  const arr = `(CASE WHEN json_typeof(${json}) = 'array' THEN ${json} ELSE json_build_array(${json}) END)`;
  const defaults = plan.applyDefaults ? defaultsObject(plan) : undefined;
  if (!defaults) return arr;
  // Each element keeps its own keys; missing ones take the column default (evaluated per row).
  return `(SELECT json_agg(${defaults} || pgrst_elem::jsonb) FROM json_array_elements(${arr}) AS pgrst_elem)`;
}

function returningSql(plan: MutatePlan, target: string): string {
  if (plan.returning === '*') return `RETURNING ${target}.*`;
  if (plan.returning.length === 0) return 'RETURNING 1';
  return `RETURNING ${plan.returning.map((c) => `${target}.${quoteIdent(c)}`).join(', ')}`;
}

function mutationSql(plan: MutatePlan, p: Params): string {
  const table = quoteQualified(plan.table);
  const self = quoteIdent(plan.table.name);
  const cols = plan.columns.map((c) => quoteIdent(c.name));
  if (plan.mutation === 'delete') {
    const where = plan.where.map((c) => conditionSql(c, self, p));
    return `DELETE FROM ${table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ${returningSql(plan, self)}`;
  }
  if (plan.mutation === 'update') {
    if (cols.length === 0) {
      // Nothing to set: PostgREST selects no rows instead of running an UPDATE.
      return `SELECT ${plan.returning === '*' ? `${self}.*` : plan.returning.length ? plan.returning.map((c) => `${self}.${quoteIdent(c)}`).join(', ') : '1'} FROM ${table} WHERE false`;
    }
    const body = p.typed(plan.payload && plan.payload.kind !== 'single' ? plan.payload.json : '{}', 'json');
    let obj = `(CASE WHEN json_typeof(${body}) = 'array' THEN ${body}->0 ELSE ${body} END)`;
    const defaults = plan.applyDefaults ? defaultsObject(plan) : undefined;
    if (defaults) obj = `(${defaults} || ${obj}::jsonb)::json`;
    const sets = cols.map((c) => `${c} = pgrst_body.${c}`).join(', ');
    const where = plan.where.map((c) => conditionSql(c, self, p));
    return (
      `UPDATE ${table} SET ${sets} FROM (SELECT * FROM json_populate_record(NULL::${table}, ${obj})) AS pgrst_body` +
      `${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ${returningSql(plan, self)}`
    );
  }
  const rows = rowsSource(plan, p);
  const merge = plan.onConflict?.action === 'merge';
  const select = cols.length
    ? `SELECT ${cols.map((c) => `pgrst_body.${c}`).join(', ')} FROM json_populate_recordset(NULL::${table}, ${rows}) AS pgrst_body`
    : `SELECT FROM json_array_elements(${rows}) AS pgrst_body`;
  let sql = `INSERT INTO ${table}${cols.length ? ` (${cols.join(', ')})` : ''} ${select}${merge ? ` WHERE ${INSERTED('+')} <> '0'` : ''}`;
  if (plan.onConflict) {
    const target = plan.onConflict.columns.map(quoteIdent).join(', ');
    if (plan.onConflict.action === 'ignore' || cols.length === 0) sql += ` ON CONFLICT (${target}) DO NOTHING`;
    else sql += ` ON CONFLICT (${target}) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')} WHERE ${INSERTED('-')} <> '-1'`;
  }
  return `${sql} ${returningSql(plan, self)}`;
}

/** `[["id","eq.1"]]` for the Location header, only when exactly one row was inserted. */
function locationSql(plan: MutatePlan, p: Params): string {
  if (!((plan.mutation === 'insert' || plan.mutation === 'upsert') && plan.prefs.return === 'headers-only' && plan.table.pk.length)) return 'NULL';
  return (
    `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN (SELECT json_agg(json_build_array(d.key, coalesce('eq.' || d.value, 'is.null'))) ` +
    `FROM (SELECT row_to_json(_) AS r FROM pgrst_source AS _ LIMIT 1) s CROSS JOIN json_each_text(s.r) AS d ` +
    `WHERE d.key = ANY(${p.typed(arrayLiteral(plan.table.pk), 'text[]')}))::text END`
  );
}

/** The write and its answer in one statement; `guard` fails it (rolling back) on a wrong row count. */
export function mutateStatement(plan: MutatePlan, guard?: RowCountGuard): Statement {
  const p = new Params();
  const mutation = mutationSql(plan, p);
  const read = plan.returnRepresentation ? nodeSql(plan.root, undefined, `pgrst_source AS ${quoteIdent(plan.table.name)}`, p) : 'SELECT * FROM pgrst_source';
  const body = plan.returnRepresentation ? bodySql(plan.media, 'rows') : "''";
  const inserted = plan.onConflict?.action === 'merge' ? "nullif(current_setting('pgrst.inserted', true), '')::int" : 'NULL::int';
  const sql =
    `WITH pgrst_source AS (${mutation}) ` +
    `SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${locationSql(plan, p)} AS location, ` +
    `${body} AS body, ${RESPONSE_COLUMNS}, ${inserted} AS response_inserted ` +
    `FROM (${read}) _postgrest_t${rowCountHaving('pg_catalog.count(_postgrest_t)', guard, p)}`;
  return { sql, params: p.values };
}
