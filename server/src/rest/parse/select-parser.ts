import { PARSE_FAILURE, runParser, type Scanner } from './scanner.ts';
import { field, fieldName, identifier } from './field-parser.ts';
import type { AggregateFn, SelectColumn, SelectEmbed, SelectItem } from './types.ts';

const AGGREGATES: AggregateFn[] = ['sum', 'avg', 'count', 'max', 'min'];

function atItemEnd(s: Scanner): boolean {
  return s.eof || s.peek() === ')' || s.peek() === ',';
}
function itemEnd(s: Scanner): void {
  if (!atItemEnd(s)) {
    s.expect('")"');
    s.expect('","');
    s.fail('end of input');
  }
}

/** `alias:` where the colon is not the start of `::`. */
function aliasPrefix(s: Scanner): string | undefined {
  return s.attempt(() => {
    const a = fieldName(s);
    if (s.peek() !== ':' || s.peek(1) === ':') s.fail('":"');
    s.i++;
    return a;
  });
}

function castSuffix(s: Scanner): string | undefined {
  if (!s.startsWith('::')) {
    s.expect('"::"');
    return undefined;
  }
  s.i += 2;
  const at = s.i;
  const cast = identifier(s);
  // A cast is written into SQL as-is; `$$` would open a dollar-quoted string there.
  if (cast.includes('$$')) {
    s.i = at + s.s.slice(at).indexOf('$$');
    s.fail('a type name');
  }
  return cast;
}

/** Up to two `!` parameters: a join type (`inner`/`left`) and/or a hint. */
function embedParams(s: Scanner): Pick<SelectEmbed, 'hint' | 'joinType'> {
  const out: Pick<SelectEmbed, 'hint' | 'joinType'> = {};
  for (let n = 0; n < 2 && s.peek() === '!'; n++) {
    s.i++;
    const p = fieldName(s);
    if (p === 'inner' || p === 'left') out.joinType ??= p;
    else out.hint ??= p;
  }
  return out;
}

function embed(s: Scanner, spread: boolean): SelectEmbed {
  s.skipWs();
  let alias: string | undefined;
  if (spread) s.lit('...');
  else alias = aliasPrefix(s);
  const name = fieldName(s);
  if (!spread && name === 'count') s.fail('"("');
  const params = embedParams(s);
  if (s.peek() !== '(') s.fail('"("');
  s.i++;
  const children = forest(s);
  s.lit(')');
  s.skipWs();
  return { kind: 'embed', name, alias, spread, children, ...params };
}

function column(s: Scanner): SelectColumn {
  s.skipWs();
  if (s.peek() === '*') {
    const star = s.attempt(() => {
      s.i++;
      s.skipWs();
      itemEnd(s);
      return { kind: 'column', field: { name: '*', path: [] } } as SelectColumn;
    });
    if (star) return star;
  }
  const count = s.attempt(() => {
    const alias = aliasPrefix(s);
    s.lit('count()');
    const aggregateCast = castSuffix(s);
    s.skipWs();
    itemEnd(s);
    return { kind: 'column', field: { name: '*', path: [] }, alias, aggregate: 'count', aggregateCast } as SelectColumn;
  });
  if (count) return count;
  const alias = aliasPrefix(s);
  const f = field(s);
  const cast = castSuffix(s);
  let aggregate: AggregateFn | undefined;
  const agg = s.attempt(() => {
    s.lit('.');
    const fn = AGGREGATES.find((a) => s.startsWith(`${a}()`));
    if (!fn) s.fail('aggregate function (sum, avg, count, max, min)');
    s.i += fn.length + 2;
    return fn;
  });
  if (agg) aggregate = agg;
  const aggregateCast = aggregate ? castSuffix(s) : undefined;
  s.skipWs();
  itemEnd(s);
  return { kind: 'column', field: f, alias, cast, aggregate, aggregateCast };
}

function item(s: Scanner): SelectItem {
  return s.attempt(() => embed(s, true)) ?? s.attempt(() => embed(s, false)) ?? column(s);
}

/** Items separated by commas; may be empty. */
function forest(s: Scanner): SelectItem[] {
  const items: SelectItem[] = [];
  s.skipWs();
  if (s.eof || s.peek() === ')') return items;
  items.push(item(s));
  while (s.peek() === ',') {
    s.i++;
    s.skipWs();
    items.push(item(s));
  }
  return items;
}

/** The `select` parameter. */
export function parseSelect(value: string): SelectItem[] {
  // The default (no select=): what the parser gives for `*`, without its backtracking.
  if (value === '*') return [{ kind: 'column', field: { name: '*', path: [] } }];
  return runParser('select parameter', value, (s) => {
    const items = forest(s);
    if (!s.eof) {
      s.expect('","');
      throw PARSE_FAILURE;
    }
    return items;
  });
}
