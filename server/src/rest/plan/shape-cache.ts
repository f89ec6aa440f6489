import { decodeQuery } from '../parse/query-params.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import type { Statement } from '../sql/sql-builder.ts';
import { readStatements } from '../sql/read-statement.ts';
import { planRequest, type PlanOptions, type RestRequest } from './request-plan.ts';
import type { ReadPlan } from './types.ts';

/**
 * Filters whose value reaches SQL as one untouched parameter (`p.param(value)` in filter-sql):
 * the value is a hole in the shape. Others (`in`, `is`, `like`, full-text, `(any)`/`(all)`) stay
 * in the key, so such requests are cached per value, which is still correct.
 */
const HOLE = /^(not\.)?(eq|neq|gt|gte|lt|lte|match|imatch|isdistinct|cs|cd|ov|sl|sr|nxr|nxl|adj)\.([\s\S]*)$/;
/** Query keys that are never filters (query-params.ts). */
const STRUCTURAL = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'and', 'or']);
const HEADERS = ['accept', 'accept-profile', 'prefer', 'range'] as const;
const MAX_SHAPES = 1000;
const SENTINEL = '\uE000';

interface Shape {
  plan: ReadPlan;
  main: Statement;
  /** For each hole, in query order, the parameters it fills (a count repeats the filters). */
  slots: number[][];
  /** `canonical` of the request: fixed text, and hole numbers where the encoded values go. */
  canonical: (string | number)[];
}

/** Shapes by key, per schema cache (a reload starts afresh). `null`: planned, but not cacheable. */
const shapes = new WeakMap<SchemaCache, Map<string, Shape | null>>();

function lastWord(key: string): string {
  const i = key.lastIndexOf('.');
  return i < 0 ? key : key.slice(i + 1);
}

const part = (s: string | undefined) => (s === undefined ? '-' : `${s.length}:${s}`);

/**
 * `canonical` (Content-Location) as query-params.ts writes it — pairs sorted by key, encoded — as
 * a template: the order depends on the keys only, which a shape fixes, and a hole's text is its
 * fixed operator followed by its value, encoded character by character.
 */
function canonicalTemplate(pairs: [string, string][], holes: number[]): (string | number)[] {
  const sorted = pairs.map((p, i) => [p, i] as const).sort(([[a]], [[b]]) => (a < b ? -1 : a > b ? 1 : 0));
  const out: (string | number)[] = [];
  let text = '';
  sorted.forEach(([[k, v], i], at) => {
    if (at > 0) text += '&';
    const n = holes.indexOf(i);
    if (n < 0) {
      text += `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
      return;
    }
    const m = HOLE.exec(v)!;
    out.push(`${text}${encodeURIComponent(k)}=${encodeURIComponent(`${m[1] ?? ''}${m[2]}.`)}`, n);
    text = '';
  });
  out.push(text);
  return out;
}

function fillCanonical(template: (string | number)[], values: string[]): string {
  let out = '';
  for (const part of template) out += typeof part === 'string' ? part : encodeURIComponent(values[part]!);
  return out;
}

/** The template: the request with each hole's value replaced by a marker no real value has. */
function planShape(opts: PlanOptions, req: RestRequest, pairs: [string, string][], holes: number[]): Shape | null {
  const marked = pairs.map(([k, v], i): [string, string] => {
    const n = holes.indexOf(i);
    return n < 0 ? [k, v] : [k, v.replace(HOLE, (_m, not: string | undefined, op: string) => `${not ?? ''}${op}.${SENTINEL}${n}${SENTINEL}`)];
  });
  let plan;
  try {
    plan = planRequest(opts, { ...req, query: new URLSearchParams(marked).toString() });
  } catch {
    return null; // the real request will give the real error
  }
  // EXPLAIN is built from the plan itself, which holds the markers.
  if (plan.kind !== 'read' || plan.media.kind === 'plan') return null;
  const { main, planned } = readStatements(plan, opts.maxRows);
  if (planned || main.sql.includes(SENTINEL)) return null;
  const slots: number[][] = [];
  for (let n = 0; n < holes.length; n++) {
    const mark = `${SENTINEL}${n}${SENTINEL}`;
    const at = main.params.flatMap((p, i) => (p === mark ? [i] : []));
    if (at.length === 0) return null;
    slots.push(at);
  }
  // A marker anywhere else (inside an array literal, a JSON path) means the value is not a plain parameter.
  const filled = new Set(slots.flat());
  if (main.params.some((p, i) => typeof p === 'string' && p.includes(SENTINEL) && !filled.has(i))) return null;
  return { plan, main, slots, canonical: canonicalTemplate(pairs, holes) };
}

/**
 * A GET/HEAD read on a table or view, planned once per shape: parsing, planning and SQL text are
 * reused, and only the filter values are put into a copy of the parameters. Other requests, and
 * shapes that cannot be templated, return undefined (plan them as usual).
 */
export function cachedRead(opts: PlanOptions, req: RestRequest): { plan: ReadPlan; main: Statement } | undefined {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.indexOf('/', 1) >= 0 || req.path === '/') return undefined;
  const pairs = decodeQuery(req.query);
  const holes: number[] = [];
  const values: string[] = [];
  let key = `${opts.maxRows}|${opts.maxEmbedDepth ?? 0}|${req.method}|${part(req.path)}`;
  for (const h of HEADERS) key += part(req.headers[h]);
  for (let i = 0; i < pairs.length; i++) {
    const [k, v] = pairs[i]!;
    // A marker in the request itself could be taken for a hole: plan such a request as usual.
    if (k.includes(SENTINEL) || v.includes(SENTINEL)) return undefined;
    const m = STRUCTURAL.has(lastWord(k)) ? null : HOLE.exec(v);
    if (m) {
      holes.push(i);
      values.push(m[3]!);
      key += `${part(k)}${m[1] ?? ''}${m[2]}.?`;
    } else key += `${part(k)}${part(v)}`;
  }
  let byKey = shapes.get(opts.cache);
  if (!byKey) shapes.set(opts.cache, (byKey = new Map()));
  let shape = byKey.get(key);
  if (shape === undefined) {
    shape = planShape(opts, req, pairs, holes);
    if (byKey.size >= MAX_SHAPES) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, shape);
  }
  if (!shape) return undefined;
  const params = shape.main.params.slice();
  for (let n = 0; n < shape.slots.length; n++) {
    // As Params.param: NUL characters removed (Postgres rejects them).
    const value = values[n]!.includes('\0') ? values[n]!.replace(/\0/g, '') : values[n]!;
    for (const i of shape.slots[n]!) params[i] = value;
  }
  return { plan: { ...shape.plan, canonical: fillCanonical(shape.canonical, values) }, main: { sql: shape.main.sql, params } };
}
