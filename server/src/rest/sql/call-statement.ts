import type { CallPlan } from '../plan/types.ts';
import { routineReturnsScalar, routineReturnsSetOfScalar, routineReturnsSingleComposite } from '../schema-cache/types.ts';
import { bodySql, RESPONSE_COLUMNS, rowCountHaving, type BodyShape, type RowCountGuard } from './body-sql.ts';
import { arrayLiteral } from './filter-sql.ts';
import { countSql, nodeSql } from './read-sql.ts';
import { Params, quoteIdent, quoteQualified, type Statement } from './sql-builder.ts';

/** `FROM …` producing the function's result as `pgrst_call` (or `pgrst_scalar` for scalars). */
function callSource(plan: CallPlan, p: Params): string {
  const r = plan.routine;
  const fn = quoteQualified(r);
  const scalar = routineReturnsScalar(r) || routineReturnsSetOfScalar(r);
  const wrap = (args: string, from = '') => {
    if (scalar) return `SELECT pgrst_call.pgrst_scalar FROM ${from}${from ? ', LATERAL ' : ''}(SELECT ${fn}(${args}) AS pgrst_scalar) pgrst_call`;
    return `SELECT pgrst_call.* FROM ${from}${from ? ', LATERAL ' : ''}${fn}(${args}) pgrst_call`;
  };
  const a = plan.args;
  switch (a.kind) {
    case 'positional':
      return wrap(a.type === 'bytea' ? p.typed(a.value, 'bytea') : p.typed(String(a.value), a.type));
    case 'text': {
      const args = r.params
        .filter((prm) => a.values.has(prm.name))
        .map((prm) => {
          const vs = a.values.get(prm.name)!;
          const value = prm.variadic ? p.typed(arrayLiteral(vs), prm.type.endsWith('[]') ? prm.type : `${prm.type}[]`) : p.typed(vs[vs.length - 1]!, prm.type);
          return `${prm.variadic ? 'VARIADIC ' : ''}${quoteIdent(prm.name)} := ${value}`;
        });
      return wrap(args.join(', '));
    }
    case 'json': {
      if (a.params.length === 0) return wrap('');
      const record = a.params.map((prm) => `${quoteIdent(prm.name)} ${prm.recordType}`).join(', ');
      const args = a.params.map((prm) => `${prm.variadic ? 'VARIADIC ' : ''}${quoteIdent(prm.name)} := pgrst_body.${quoteIdent(prm.name)}`).join(', ');
      return wrap(args, `json_to_record(${p.typed(a.json, 'json')}) AS pgrst_body(${record})`);
    }
  }
}

/** The call and its answer in one statement; `guard` fails it (rolling back) on a wrong row count. */
export function callStatements(plan: CallPlan, guard?: RowCountGuard): { main: Statement; planned?: Statement } {
  const p = new Params();
  const r = plan.routine;
  const source = callSource(plan, p);
  const scalar = routineReturnsScalar(r);
  const setofScalar = routineReturnsSetOfScalar(r);
  const shape: BodyShape = scalar ? 'scalar' : setofScalar ? 'setof-scalar' : routineReturnsSingleComposite(r) ? 'single-composite' : 'rows';
  const relAlias = `pgrst_source AS ${quoteIdent(plan.root.relation.name)}`;
  const read = scalar || setofScalar ? 'SELECT * FROM pgrst_source' : nodeSql(plan.root, undefined, relAlias, p);
  let countCte = '';
  let total = 'null::bigint';
  if (plan.count === 'exact' || plan.count === 'estimated' || plan.count === 'planned') {
    const count = scalar || setofScalar ? 'SELECT 1 FROM pgrst_source' : countSql(plan.root, undefined, relAlias, p);
    countCte = `, pgrst_source_count AS (${count})`;
    total = '(SELECT pg_catalog.count(*) FROM pgrst_source_count)';
  }
  const media = plan.media;
  const body = plan.headOnly || r.returnsVoid ? "''" : bodySql(media, shape);
  const pageTotal = r.returnsSetOf ? 'pg_catalog.count(_postgrest_t)' : '1';
  const sql =
    `WITH pgrst_source AS (${source})${countCte} ` +
    `SELECT ${total} AS total_result_set, ${pageTotal} AS page_total, ${body} AS body, ${RESPONSE_COLUMNS} ` +
    `FROM (${read}) _postgrest_t${rowCountHaving(pageTotal, guard, p)}`;
  return { main: { sql, params: p.values } };
}
