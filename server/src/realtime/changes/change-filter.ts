/** One condition of a postgres_changes `filter` string, e.g. `status=in.(a,b)`. */
export interface FilterCondition {
  column: string;
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'like' | 'ilike' | 'match' | 'imatch' | 'is' | 'isdistinct';
  value: string | string[];
  negate: boolean;
}

const OPS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct']);

export class FilterError extends Error {}

/** Splits on `sep` outside parentheses and double quotes. */
function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0, quoted = false, cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && quoted) {
      cur += c + (s[++i] ?? '');
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    if (c === sep && depth === 0 && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  return t;
}

/** Parses `col=op.value[,col=op.value…]`; the message mirrors upstream's. */
export function parseFilter(filter: string): FilterCondition[] {
  return splitTop(filter, ',').map((part) => {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new FilterError(`Error parsing \`filter\` params: ${part}`);
    const column = part.slice(0, eq).trim();
    let rest = part.slice(eq + 1);
    let negate = false;
    if (rest.startsWith('not.')) {
      negate = true;
      rest = rest.slice(4);
    }
    const dot = rest.indexOf('.');
    const op = dot > 0 ? rest.slice(0, dot) : '';
    if (!OPS.has(op)) throw new FilterError(`Error parsing \`filter\` params: ${part}`);
    const raw = rest.slice(dot + 1);
    if (op === 'in') {
      const m = /^\((.*)\)$/s.exec(raw.trim());
      if (!m) throw new FilterError(`Error parsing \`filter\` params: ${part}`);
      const values = m[1]!.trim() === '' ? [] : splitTop(m[1]!, ',').map(unquote);
      if (values.length > 100) throw new FilterError('Error parsing `filter` params: in accepts at most 100 values');
      return { column, op, value: values, negate };
    }
    return { column, op: op as FilterCondition['op'], value: unquote(raw), negate };
  });
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const TEMPORAL = new Set(['timestamptz', 'timestamp', 'date']);

/** Orders a row value against a filter value the way the column's type would. */
function compare(rowValue: unknown, value: string, type: string | undefined): number {
  if (type && NUMERIC.has(type)) return Number(rowValue) - Number(value);
  if (type && TEMPORAL.has(type)) return Date.parse(String(rowValue)) - Date.parse(value);
  if (type === 'bool') return Number(rowValue === true || rowValue === 't') - Number(value === 'true' || value === 't');
  const a = typeof rowValue === 'string' ? rowValue : JSON.stringify(rowValue);
  if (type === 'uuid') return a.toLowerCase() === value.toLowerCase() ? 0 : a < value ? -1 : 1;
  return a === value ? 0 : a < value ? -1 : 1;
}

function likeToRegExp(pattern: string, flags: string): RegExp {
  const re = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/[%*]/g, '.*').replace(/_/g, '.');
  return new RegExp(`^${re}$`, flags + 's');
}

function test(c: FilterCondition, row: Record<string, unknown>, types: Map<string, string>): boolean {
  if (!(c.column in row)) return false;
  const v = row[c.column];
  const type = types.get(c.column);
  if (c.op === 'is') {
    const want = String(c.value).toLowerCase();
    return want === 'null' ? v === null : want === 'true' ? v === true : want === 'false' ? v === false : v === null;
  }
  if (c.op === 'isdistinct') return v === null ? true : compare(v, c.value as string, type) !== 0;
  if (v === null || v === undefined) return false;
  switch (c.op) {
    case 'eq': return compare(v, c.value as string, type) === 0;
    case 'neq': return compare(v, c.value as string, type) !== 0;
    case 'lt': return compare(v, c.value as string, type) < 0;
    case 'lte': return compare(v, c.value as string, type) <= 0;
    case 'gt': return compare(v, c.value as string, type) > 0;
    case 'gte': return compare(v, c.value as string, type) >= 0;
    case 'in': return (c.value as string[]).some((x) => compare(v, x, type) === 0);
    case 'like': return likeToRegExp(c.value as string, '').test(String(v));
    case 'ilike': return likeToRegExp(c.value as string, 'i').test(String(v));
    case 'match': return safeRegExp(c.value as string, '')?.test(String(v)) ?? false;
    case 'imatch': return safeRegExp(c.value as string, 'i')?.test(String(v)) ?? false;
  }
}

function safeRegExp(src: string, flags: string): RegExp | undefined {
  try {
    return new RegExp(src, flags);
  } catch {
    return undefined;
  }
}

/** True when the row passes every condition (ANDed). */
export function rowMatches(conditions: FilterCondition[], row: Record<string, unknown>, types: Map<string, string>): boolean {
  return conditions.every((c) => test(c, row, types) !== c.negate);
}
