import type { QuantOp, SimpleOp } from '../parse/types.ts';
import type { BoundField, PlannedCondition, ReadNode } from '../plan/types.ts';
import { quoteIdent, type Params } from './sql-builder.ts';

const SIMPLE: Record<SimpleOp, string> = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };
const QUANT: Record<QuantOp, string> = { eq: '=', gte: '>=', gt: '>', lte: '<=', lt: '<', like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const FTS = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' } as const;
const IS = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' } as const;

const JSON_TYPES = new Set(['json', 'jsonb']);

/** A column reference, with its JSON path (`->`/`->>`, keys and indexes as parameters). */
export function fieldSql(qualifier: string, f: BoundField, p: Params): string {
  if (f.name === '*') return `${qualifier}.*`;
  const base = `${qualifier}.${quoteIdent(f.name)}`;
  if (f.path.length === 0) return base;
  let sql = f.column && JSON_TYPES.has(f.column.type) ? base : `to_jsonb(${base})`;
  for (const step of f.path) sql += `${step.arrow}${step.index ? p.typed(step.key, 'int') : p.typed(step.key, 'text')}`;
  return sql;
}

/** PostgREST's `{"a","b"}` literal: every element quoted, so commas and quotes survive. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export type NullEmbedSql = (child: ReadNode, isNull: boolean) => string;

/** The default null-embed form: the lateral join's value compared with NULL. */
export const lateralNullEmbed: NullEmbedSql = (child, isNull) => `${quoteIdent(child.aggAlias)} IS ${isNull ? 'NOT ' : ''}DISTINCT FROM NULL`;

export function conditionSql(c: PlannedCondition, qualifier: string, p: Params, nullEmbed: NullEmbedSql = lateralNullEmbed): string {
  switch (c.kind) {
    case 'logic': {
      const inner = c.children.map((x) => conditionSql(x, qualifier, p, nullEmbed)).join(c.op === 'and' ? ' AND ' : ' OR ');
      return `${c.negated ? 'NOT ' : ''}(${inner})`;
    }
    case 'null-embed': {
      const isNull = (c.value === 'null') !== c.negated;
      return nullEmbed(c.child, isNull);
    }
    case 'filter': {
      const op = c.operation;
      const field = fieldSql(qualifier, c.field, p);
      let sql: string;
      switch (op.kind) {
        case 'simple':
          sql = `${field} ${SIMPLE[op.op]} ${p.param(op.value)}`;
          break;
        case 'quant': {
          const value = op.op === 'like' || op.op === 'ilike' ? op.value.replace(/\*/g, '%') : op.value;
          const rhs = p.param(value);
          sql = `${field} ${QUANT[op.op]} ${op.quant === 'any' ? `ANY(${rhs})` : op.quant === 'all' ? `ALL(${rhs})` : rhs}`;
          break;
        }
        case 'in':
          sql = op.values.length === 1 && op.values[0] === '' ? `${field} = ANY('{}')` : `${field} = ANY(${p.param(arrayLiteral(op.values))})`;
          break;
        case 'is':
          sql = `${field} IS ${IS[op.value]}`;
          break;
        case 'isdistinct':
          sql = `${field} IS DISTINCT FROM ${p.param(op.value)}`;
          break;
        case 'fts': {
          const config = op.config === undefined ? '' : `${p.param(op.config)}, `;
          const col = c.field.column && c.field.path.length === 0 && c.field.column.type !== 'tsvector' ? `to_tsvector(${config}${field})` : field;
          sql = `${col} @@ ${FTS[op.op]}(${config}${p.param(op.value)})`;
          break;
        }
      }
      return c.negated ? `NOT (${sql})` : sql;
    }
  }
}
