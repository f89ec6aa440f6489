import { errors } from '../errors/api-error.ts';
import { runParser } from './scanner.ts';
import { dottedNames, fieldName, jsonPath } from './field-parser.ts';
import { parseSelect } from './select-parser.ts';
import { parseFilterValue, parseLogicTree, tryParseFilterValue } from './filter-parser.ts';
import { parseOrder } from './order-parser.ts';
import type { Field, QueryParams } from './types.ts';

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

function lastWord(key: string): string {
  const i = key.lastIndexOf('.');
  return i < 0 ? key : key.slice(i + 1);
}

/** `a.b.col->x`: the embed path and the field. */
function treePath(key: string): { path: string[]; field: Field } {
  return runParser('tree path', key, (s) => {
    const names = dottedNames(s);
    const path = jsonPath(s);
    return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, path } };
  });
}

function embedPathOf(key: string): string[] {
  const words = key.split('.');
  words.pop();
  if (words.length === 0) return [];
  return runParser('tree path', key, (s) => {
    const names = dottedNames(s);
    return names.slice(0, -1);
  });
}

function columnList(what: string, value: string): string[] {
  return runParser(what, value, (s) => {
    const cols = [fieldName(s)];
    for (;;) {
      s.skipWs();
      if (s.peek() !== ',') break;
      s.i++;
      s.skipWs();
      cols.push(fieldName(s));
    }
    if (!s.eof) s.fail('","');
    return cols;
  });
}

/** Query-string pairs decoded form-style (`+` is a space), as PostgREST does. */
export function decodeQuery(raw: string): [string, string][] {
  return [...new URLSearchParams(raw)];
}

/**
 * Splits the query string into PostgREST's parts. `rpcRead` (GET/HEAD on /rpc): values that
 * are not operator expressions are function arguments instead of filters.
 */
export function parseQueryParams(pairs: [string, string][], rpcRead = false): QueryParams {
  const first = (k: string) => pairs.find(([key]) => key === k)?.[1];
  const selectRaw = first('select');
  const out: QueryParams = {
    select: parseSelect(selectRaw ?? '*'),
    canonical: [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    rpcArgs: [],
  };
  const columns = first('columns');
  if (columns !== undefined) out.columns = columnList('columns parameter', columns);
  const onConflict = first('on_conflict');
  if (onConflict !== undefined) out.onConflict = columnList('on_conflict parameter', onConflict);

  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();
  for (const [key, value] of pairs) {
    if (value === '' || RESERVED.has(key)) continue;
    const word = lastWord(key);
    if (!EMBEDDABLE.has(word)) {
      const { path, field } = treePath(key);
      if (rpcRead) {
        const expr = tryParseFilterValue(value);
        if (expr) out.filters.push({ path, value: { field, expr } });
        else out.rpcArgs.push([field.name, value]);
      } else out.filters.push({ path, value: { field, expr: parseFilterValue(value) } });
      continue;
    }
    if (word === 'order') {
      out.order.push({ path: embedPathOf(key), value: parseOrder(value) });
    } else if (word === 'and' || word === 'or') {
      const names = runParser('logic path', key, dottedNames);
      const negated = names.includes('not');
      const path = names.slice(0, -1).filter((n) => n !== 'not');
      out.logic.push({ path, value: parseLogicTree((negated ? 'not.' : '') + word, value) });
    } else if (/^-?\d+$/.test(value)) {
      const pathKey = embedPathOf(key).join('\0');
      (word === 'limit' ? limits : offsets).set(pathKey, Number(value));
    }
  }
  for (const k of new Set([...limits.keys(), ...offsets.keys()])) {
    const limit = limits.get(k);
    if (limit !== undefined && limit < 0) throw errors.negativeLimit();
    out.ranges.set(k, { offset: Math.max(0, offsets.get(k) ?? 0), limit });
  }
  return out;
}
