import { runParser, type Scanner } from './scanner.ts';
import { field, identifier, quotedValue } from './field-parser.ts';
import type { FtsOp, IsValue, LogicTree, OpExpr, Operation, QuantOp, SimpleOp } from './types.ts';

const SIMPLE: SimpleOp[] = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'];
const QUANT: QuantOp[] = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'];
const FTS: FtsOp[] = ['fts', 'plfts', 'phfts', 'wfts'];
const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown'];

type ValueParser = (s: Scanner) => string;

/** The rest of the value, for top-level filters. */
export const singleValue: ValueParser = (s) => s.rest();

/** Inside logic trees: a quoted value, a `{…}` array literal, or text up to `,` or `)`. */
export const logicValue: ValueParser = (s) => {
  if (s.peek() === '"') {
    const q = s.attempt(() => {
      const v = quotedValue(s);
      if (!(s.eof || s.peek() === ',' || s.peek() === ')')) s.fail('"," or ")"');
      return v;
    });
    if (q !== undefined) return q;
  }
  if (s.peek() === '{') {
    const at = s.i;
    const close = s.s.indexOf('}', at + 1);
    const open = s.s.indexOf('{', at + 1);
    if (close >= 0 && (open < 0 || open > close)) {
      s.i = close + 1;
      return s.s.slice(at, close + 1);
    }
  }
  return s.takeWhile((c) => c !== ',' && c !== ')');
};

function listElement(s: Scanner): string {
  if (s.peek() === '"') {
    const q = s.attempt(() => {
      const v = quotedValue(s);
      if (!(s.peek() === ',' || s.peek() === ')')) s.fail('"," or ")"');
      return v;
    });
    if (q !== undefined) return q;
  }
  return s.takeWhile((c) => c !== ',' && c !== ')');
}

/** `(a,"b,c",d)` */
function listValue(s: Scanner): string[] {
  s.skipWs();
  s.lit('(');
  s.skipWs();
  const values = [listElement(s)];
  while (s.peek() === ',') {
    s.i++;
    values.push(listElement(s));
  }
  s.lit(')');
  s.skipWs();
  return values;
}

function keyword<T extends string>(s: Scanner, words: readonly T[]): T | undefined {
  // Longest first, so `gte` wins over `gt` and `imatch` is not read as `is`.
  for (const w of [...words].sort((a, b) => b.length - a.length)) {
    if (s.startsWith(w)) {
      s.i += w.length;
      return w;
    }
  }
  return undefined;
}

function operation(s: Scanner, value: ValueParser): Operation {
  const at = s.i;
  const tryOp = <T>(p: () => T) => s.attempt(p);
  const op =
    tryOp((): Operation => {
      s.lit('in.');
      return { kind: 'in', values: listValue(s) };
    }) ??
    tryOp((): Operation => {
      s.lit('is.');
      for (const v of IS_VALUES) {
        if (s.s.slice(s.i, s.i + v.length).toLowerCase() === v) {
          s.i += v.length;
          return { kind: 'is', value: v };
        }
      }
      return s.fail('isVal: (null, not_null, true, false, unknown)');
    }) ??
    tryOp((): Operation => {
      s.lit('isdistinct.');
      return { kind: 'isdistinct', value: value(s) };
    }) ??
    tryOp((): Operation => {
      const op = keyword(s, FTS);
      if (!op) return s.fail('operator (eq, gt, ...)');
      let config: string | undefined;
      if (s.peek() === '(') {
        s.i++;
        config = identifier(s);
        s.lit(')');
      }
      s.lit('.', 'delimiter (.)');
      return { kind: 'fts', op, config, value: value(s) };
    }) ??
    tryOp((): Operation => {
      const op = keyword(s, SIMPLE);
      if (!op) return s.fail('operator (eq, gt, ...)');
      s.lit('.', 'delimiter (.)');
      return { kind: 'simple', op, value: value(s) };
    }) ??
    tryOp((): Operation => {
      const op = keyword(s, QUANT);
      if (!op) return s.fail('operator (eq, gt, ...)');
      let quant: 'any' | 'all' | undefined;
      if (s.startsWith('(any)')) quant = 'any';
      else if (s.startsWith('(all)')) quant = 'all';
      if (quant) s.i += 5;
      s.lit('.', 'delimiter (.)');
      return { kind: 'quant', op, quant, value: value(s) };
    });
  if (!op) {
    s.i = at;
    return s.fail('operator (eq, gt, ...)');
  }
  return op;
}

export function opExpr(s: Scanner, value: ValueParser): OpExpr {
  let negated = false;
  if (s.startsWith('not.')) {
    negated = true;
    s.i += 4;
  } else s.expect('"not"');
  return { negated, operation: operation(s, value) };
}

/** A filter's value (`eq.1`, `not.in.(1,2)`, …). */
export function parseFilterValue(value: string): OpExpr {
  return runParser('filter', value, (s) => opExpr(s, singleValue));
}

/** Like parseFilterValue, but undefined when the value is not an operator expression (RPC args). */
export function tryParseFilterValue(value: string): OpExpr | undefined {
  try {
    return parseFilterValue(value);
  } catch {
    return undefined;
  }
}

function logicTree(s: Scanner): LogicTree {
  const stmt = s.attempt((): LogicTree => {
    const f = field(s);
    s.lit('.', 'delimiter (.)');
    return { kind: 'filter', filter: { field: f, expr: opExpr(s, logicValue) } };
  });
  if (stmt) return stmt;
  let negated = false;
  if (s.startsWith('not.')) {
    negated = true;
    s.i += 4;
  } else s.expect('negation operator (not)');
  let op: 'and' | 'or';
  if (s.startsWith('and')) op = 'and';
  else if (s.startsWith('or')) op = 'or';
  else return s.fail('logic operator (and, or)');
  s.i += op.length;
  s.skipWs();
  s.lit('(');
  s.skipWs();
  const children = [logicTree(s)];
  s.skipWs();
  while (s.peek() === ',') {
    s.i++;
    s.skipWs();
    children.push(logicTree(s));
    s.skipWs();
  }
  s.lit(')');
  s.skipWs();
  return { kind: 'expr', negated, op, children };
}

/** `or=(a.eq.1,b.gt.2)`: `op` is `or`/`and` (with `not.` if negated), `value` the parenthesised list. */
export function parseLogicTree(op: string, value: string): LogicTree {
  return runParser('logic tree', value, (s) => logicTree(s), op + value);
}
