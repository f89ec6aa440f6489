import type { PlannedOrder, PlannedSelect, ReadNode } from '../plan/types.ts';
import { conditionSql, fieldSql, type NullEmbedSql } from './filter-sql.ts';
import { quoteIdent, quoteQualified, safeCast, type Params } from './sql-builder.ts';

function isToOne(node: ReadNode): boolean {
  const rel = node.rel;
  if (!rel) return false;
  return rel.kind === 'computed' ? rel.toOne : rel.cardinality === 'm2o' || rel.cardinality === 'o2o';
}

/** FROM items and join conditions linking an embedded node to its parent. */
function childFrom(node: ReadNode, parent: ReadNode): { from: string; conds: string[] } {
  const rel = node.rel!;
  const alias = quoteIdent(node.fromAlias!);
  if (rel.kind === 'computed') {
    const rowRef = quoteIdent(parent.fromAlias ?? parent.relation.name);
    return { from: `${quoteQualified(rel.function)}(${rowRef}::${quoteQualified(rel.table)}) AS ${alias}`, conds: [] };
  }
  const target = `${quoteQualified(node.relation)} AS ${alias}`;
  if (rel.cardinality === 'm2m' && rel.junction) {
    const jt = quoteQualified(rel.junction.table);
    const conds = [
      ...rel.junction.sourceColumns.map(([j, s]) => `${jt}.${quoteIdent(j)} = ${parent.qualifier}.${quoteIdent(s)}`),
      ...rel.junction.targetColumns.map(([j, t]) => `${jt}.${quoteIdent(j)} = ${alias}.${quoteIdent(t)}`),
    ];
    return { from: `${target}, ${jt}`, conds };
  }
  return { from: target, conds: rel.columns.map(([o, f]) => `${alias}.${quoteIdent(f)} = ${parent.qualifier}.${quoteIdent(o)}`) };
}

function selectItemSql(node: ReadNode, s: PlannedSelect, p: Params, stripAggregate = false): string {
  if (stripAggregate && s.aggregate) {
    // Hoisted to the parent (to-one spread): only the input value is selected here.
    if (s.field.name === '*') return `1 AS ${quoteIdent(s.key ?? 'count')}`;
    return selectItemSql(node, { ...s, aggregate: undefined, aggregateCast: undefined, key: s.key ?? s.aggregate }, p);
  }
  if (s.aggregate && s.field.name === '*') {
    return `${wrapCast(`COUNT(*)`, s.aggregateCast)} AS ${quoteIdent(s.key ?? 'count')}`;
  }
  let expr = fieldSql(node.qualifier, s.field, p);
  if (s.cast) expr = `CAST(${expr} AS ${safeCast(s.cast)})`;
  if (s.aggregate) expr = wrapCast(`${s.aggregate.toUpperCase()}(${expr})`, s.aggregateCast);
  return s.key === undefined ? expr : `${expr} AS ${quoteIdent(s.key)}`;
}

function wrapCast(expr: string, cast: string | undefined): string {
  return cast ? `CAST(${expr} AS ${safeCast(cast)})` : expr;
}

/** Output column names of a node's select (for to-many spreads), `*` expanded from the cache. */
function outputNames(node: ReadNode): string[] {
  const names: string[] = [];
  for (const s of node.select) {
    if (s.key !== undefined) names.push(s.key);
    else if (s.aggregate) names.push(s.aggregate);
    else names.push(...(node.table?.columns.map((c) => c.name) ?? []));
  }
  for (const c of node.children) {
    if (c.emptyEmbed) continue;
    if (c.spread) names.push(...outputNames(c));
    else names.push(c.key);
  }
  return names;
}

function orderSql(node: ReadNode, order: PlannedOrder[], p: Params): string {
  if (order.length === 0) return '';
  const terms = order.map((o) => {
    const expr = o.child ? fieldSql(quoteIdent(o.child.aggAlias), o.field, p) : fieldSql(node.qualifier, o.field, p);
    return `${expr}${o.direction ? ` ${o.direction.toUpperCase()}` : ''}${o.nulls ? ` NULLS ${o.nulls.toUpperCase()}` : ''}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

function expandStars(node: ReadNode): PlannedSelect[] {
  if (!node.hasAggregates || !node.table) return node.select;
  return node.select.flatMap((s) =>
    s.field.name === '*' && !s.aggregate ? node.table!.columns.map((c) => ({ field: { name: c.name, path: [], column: c }, key: c.name })) : [s],
  );
}

/**
 * The SELECT for one node: its columns, one lateral join per embed, its filters (plus the
 * join to its parent), grouping when aggregates are used, order and range.
 */
export function nodeSql(node: ReadNode, parent: ReadNode | undefined, rootFrom: string, p: Params, hoistedAway = false): string {
  const selects: string[] = [];
  const groupBy: string[] = [];
  const select = expandStars(node);
  const implicitStar = select.length === 0 && node.children.length === 0 && !parent;
  // Aggregates inside a to-one spread are computed at this level, grouped by everything else.
  const grouping = (node.hasAggregates && !hoistedAway) || node.children.some((c) => c.spread && isToOne(c) && c.hasAggregates);
  for (const s of implicitStar ? [{ field: { name: '*', path: [] } } as PlannedSelect] : select) {
    selects.push(selectItemSql(node, s, p, hoistedAway));
    if (grouping && !s.aggregate) groupBy.push(s.key !== undefined ? quoteIdent(s.key) : fieldSql(node.qualifier, s.field, p));
  }
  const joins: string[] = [];
  for (const child of node.children) {
    const agg = quoteIdent(child.aggAlias);
    const hoist = child.spread && isToOne(child) && child.hasAggregates;
    const sub = nodeSql(child, node, '', p, hoist);
    const inner = child.joinType === 'inner';
    if (child.spread && !isToOne(child)) {
      const cols = outputNames(child).map((n) => `COALESCE(json_agg(${agg}.${quoteIdent(n)}), '[]')::jsonb AS ${quoteIdent(n)}`);
      const agged = `SELECT ${cols.length ? cols.join(', ') : `json_agg(${agg}) AS ${agg}`} FROM (${sub}) AS ${agg}`;
      joins.push(` ${inner ? 'INNER' : 'LEFT'} JOIN LATERAL (${agged}) AS ${agg} ON TRUE`);
      selects.push(`${agg}.*`);
      for (const n of outputNames(child)) if (grouping) groupBy.push(`${agg}.${quoteIdent(n)}`);
    } else if (child.spread || isToOne(child)) {
      joins.push(` ${inner ? 'INNER' : 'LEFT'} JOIN LATERAL (${sub}) AS ${agg} ON TRUE`);
      if (child.spread && hoist) {
        for (const n of outputNames(child)) {
          const a = child.select.find((s) => s.aggregate && (s.key ?? s.aggregate) === n);
          const col = `${agg}.${quoteIdent(n)}`;
          if (a) selects.push(`${wrapCast(`${a.aggregate!.toUpperCase()}(${col})`, a.aggregateCast)} AS ${quoteIdent(n)}`);
          else {
            selects.push(col);
            groupBy.push(col);
          }
        }
      } else if (child.spread) {
        selects.push(`${agg}.*`);
        if (grouping) for (const n of outputNames(child)) groupBy.push(`${agg}.${quoteIdent(n)}`);
      } else if (!child.emptyEmbed) {
        selects.push(`row_to_json(${agg}.*)::jsonb AS ${quoteIdent(child.key)}`);
        if (grouping) groupBy.push(quoteIdent(child.key));
      }
    } else {
      const agged = `SELECT json_agg(${agg})::jsonb AS ${agg} FROM (${sub}) AS ${agg}`;
      joins.push(` ${inner ? 'INNER' : 'LEFT'} JOIN LATERAL (${agged}) AS ${agg} ON ${inner ? `${agg} IS NOT NULL` : 'TRUE'}`);
      if (!child.emptyEmbed) {
        selects.push(`COALESCE(${agg}.${agg}, '[]') AS ${quoteIdent(child.key)}`);
        if (grouping) groupBy.push(quoteIdent(child.key));
      }
    }
  }
  const { from, conds } = parent ? childFrom(node, parent) : { from: rootFrom, conds: [] as string[] };
  const where = [...conds, ...node.where.map((c) => conditionSql(c, node.qualifier, p))];
  let sql = `SELECT ${selects.join(', ')} FROM ${from}${joins.join('')}`;
  if (where.length) sql += ` WHERE ${where.join(' AND ')}`;
  if (grouping && groupBy.length) sql += ` GROUP BY ${groupBy.join(', ')}`;
  sql += orderSql(node, node.order, p);
  // Parameters, not literals: the text (so the prepared statement) is the same on every page.
  if (node.limit !== undefined) sql += ` LIMIT ${p.typed(String(node.limit), 'bigint')}`;
  if (node.offset > 0) sql += ` OFFSET ${p.typed(String(node.offset), 'bigint')}`;
  return sql;
}

/**
 * `SELECT 1` over the root with only its filters: the total for `count=exact`. Inner embeds
 * and null-embed filters become EXISTS subqueries, so no embed is built.
 */
export function countSql(node: ReadNode, parent: ReadNode | undefined, rootFrom: string, p: Params): string {
  const { from, conds } = parent ? childFrom(node, parent) : { from: rootFrom, conds: [] as string[] };
  const nullEmbed: NullEmbedSql = (child, isNull) => `${isNull ? 'NOT ' : ''}EXISTS (${countSql(child, node, '', p)})`;
  const where = [
    ...conds,
    ...node.where.map((c) => conditionSql(c, node.qualifier, p, nullEmbed)),
    ...node.children.filter((c) => c.joinType === 'inner').map((c) => `EXISTS (${countSql(c, node, '', p)})`),
  ];
  return `SELECT 1 FROM ${from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
}
