import type { ReadPlan } from '../plan/types.ts';
import { bodySql } from './body-sql.ts';
import { RESPONSE_COLUMNS } from './body-sql.ts';
import { countSql, nodeSql } from './read-sql.ts';
import { Params, quoteQualified, type Statement } from './sql-builder.ts';

/** The statements for a read: the main query, and the count query for `count=planned`. */
export function readStatements(plan: ReadPlan, maxRows: number | undefined): { main: Statement; planned?: Statement } {
  const p = new Params();
  const from = quoteQualified(plan.root.relation);
  const source = nodeSql(plan.root, undefined, from, p);
  let countCte = '';
  let total = 'null::bigint';
  let planned: Statement | undefined;
  if (plan.count === 'exact' || plan.count === 'estimated') {
    const limit = plan.count === 'estimated' && maxRows !== undefined ? ` LIMIT ${maxRows + 1}` : '';
    countCte = `, pgrst_source_count AS (${countSql(plan.root, undefined, from, p)}${limit})`;
    total = '(SELECT pg_catalog.count(*) FROM pgrst_source_count)';
  }
  if (plan.count === 'planned' || plan.count === 'estimated') {
    const cp = new Params();
    planned = { sql: `EXPLAIN (FORMAT JSON) ${countSql(plan.root, undefined, from, cp)}`, params: cp.values };
  }
  const sql =
    `WITH pgrst_source AS (${source})${countCte} ` +
    `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
    `${plan.headOnly ? "''" : bodySql(plan.media, 'rows')} AS body, ${RESPONSE_COLUMNS} ` +
    `FROM (SELECT * FROM pgrst_source) _postgrest_t`;
  return { main: { sql, params: p.values }, planned };
}
