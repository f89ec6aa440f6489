import { errors } from '../errors/api-error.ts';
import type { MediaType } from '../parse/accept.ts';
import { parsePayload, type Payload } from '../parse/body.ts';
import type { Preferences } from '../parse/prefer.ts';
import type { QueryParams } from '../parse/types.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import type { Column, Table } from '../schema-cache/types.ts';
import { quoteIdent, quoteQualified } from '../sql/sql-builder.ts';
import { buildReadTree, rootConditions } from './read-plan.ts';
import type { MutatePlan, ReadNode, ReadPlan } from './types.ts';

export interface RelationRequest {
  cache: SchemaCache;
  table: Table;
  method: string;
  query: QueryParams;
  prefs: Preferences;
  media: MediaType;
  maxRows: number;
  rangeHeader?: string;
  contentType?: string;
  body?: Buffer | string;
}

/** `Range: a-b` (GET only), merged with limit/offset as PostgREST intersects them. */
function applyRangeHeader(root: ReadNode, header: string | undefined, maxRows: number): boolean {
  if (!header) return false;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return false;
  const lower = Number(m[1]);
  const upper = m[2] === '' ? undefined : Number(m[2]);
  if (upper !== undefined && lower > upper) throw errors.lowerGtUpper();
  const qLower = root.offset;
  const qUpper = root.limit === undefined ? undefined : root.offset + root.limit - 1;
  const lo = Math.max(lower, qLower);
  const hiCandidates = [upper, qUpper].filter((x): x is number => x !== undefined);
  const hi = hiCandidates.length ? Math.min(...hiCandidates) : undefined;
  root.offset = lo;
  root.limit = hi === undefined ? root.limit : Math.max(0, Math.min(hi - lo + 1, maxRows));
  return true;
}

export function planRead(r: RelationRequest, headOnly: boolean): Omit<ReadPlan, 'schema' | 'sendProfile' | 'tx' | 'applied'> {
  const root = buildReadTree({
    cache: r.cache,
    relation: r.table,
    rootQualifier: quoteQualified(r.table),
    query: r.query,
    maxRows: r.maxRows,
    rootRange: true,
  });
  const rangeRequested = r.method === 'GET' && applyRangeHeader(root, r.rangeHeader, r.maxRows);
  return { kind: 'read', root, table: r.table, prefs: r.prefs, media: r.media, headOnly, readOnly: true, count: r.prefs.count, rangeRequested, canonical: r.query.canonical };
}

function checkColumns(table: Table, names: string[]): Column[] {
  return names.map((n) => {
    const c = table.columnsByName.get(n);
    if (!c) throw errors.columnNotFound(table.name, n);
    return c;
  });
}

/** RETURNING list: what the representation and its embeds read from the mutated rows. */
function returningFor(root: ReadNode, table: Table, wanted: boolean): string[] | '*' {
  if (!wanted) return [];
  const names = new Set<string>();
  for (const s of root.select) {
    if (s.field.name === '*') return '*';
    if (!table.columnsByName.has(s.field.name)) return '*'; // computed field: needs the whole row
    names.add(s.field.name);
  }
  if (root.select.length === 0 && root.children.length === 0) return '*';
  for (const c of root.children) {
    const rel = c.rel;
    if (!rel || rel.kind === 'computed') return '*';
    if (rel.cardinality === 'm2m') for (const [, s] of rel.junction!.sourceColumns) names.add(s);
    else for (const [o] of rel.columns) names.add(o);
  }
  for (const o of root.order) if (!o.child) names.add(o.field.name);
  return [...names].filter((n) => table.columnsByName.has(n));
}

/** PUT: filters must be exactly `pk=eq.value` for every primary-key column. */
function putPkValues(table: Table, query: QueryParams): Map<string, string> {
  const values = new Map<string, string>();
  const rootFilters = query.filters.filter((f) => f.path.length === 0);
  if (query.logic.length > 0 || table.pk.length === 0 || rootFilters.length !== table.pk.length) throw errors.invalidFilters();
  for (const f of rootFilters) {
    const op = f.value.expr.operation;
    if (f.value.expr.negated || op.kind !== 'quant' || op.op !== 'eq' || op.quant || f.value.field.path.length || !table.pk.includes(f.value.field.name)) {
      throw errors.invalidFilters();
    }
    values.set(f.value.field.name, op.value);
  }
  if (values.size !== table.pk.length) throw errors.invalidFilters();
  return values;
}

export function planMutation(r: RelationRequest): Omit<MutatePlan, 'schema' | 'sendProfile' | 'tx' | 'applied'> {
  const { table, query, prefs, method } = r;
  const mutation: MutatePlan['mutation'] = method === 'DELETE' ? 'delete' : method === 'PATCH' ? 'update' : method === 'PUT' || prefs.resolution ? 'upsert' : 'insert';
  const isPut = method === 'PUT';
  if (isPut && query.ranges.has('')) throw errors.putLimit();
  const putPk = isPut ? putPkValues(table, query) : undefined;
  const root = buildReadTree({
    cache: r.cache,
    relation: table,
    rootQualifier: quoteIdent(table.name),
    rootAlias: table.name,
    query,
    maxRows: r.maxRows,
    rootRange: false,
    rootFilters: false,
  });
  root.limit = undefined;
  let payload: Payload | undefined;
  let columns: Column[] = [];
  if (mutation !== 'delete') {
    payload = parsePayload(r.contentType, r.body, query.columns !== undefined, false);
    if (payload.kind === 'single') throw errors.invalidBody('Content-Type not acceptable');
    const names = query.columns ?? (payload.kind === 'json' ? payload.keys : []);
    columns = checkColumns(table, names);
    if (isPut) {
      if (payload.kind === 'json' && (payload.isArray ? payload.rows !== 1 : false)) throw errors.putMatchingPk();
      let body: unknown;
      try {
        body = JSON.parse(payload.json);
      } catch {
        body = undefined;
      }
      const row = (Array.isArray(body) ? body[0] : body) as Record<string, unknown> | undefined;
      for (const [k, v] of putPk!) if (!row || row[k] === undefined || String(row[k]) !== v) throw errors.putMatchingPk();
    }
  }
  const representation = prefs.return === 'representation';
  const location = (mutation === 'insert' || mutation === 'upsert') && prefs.return === 'headers-only';
  let returning = returningFor(root, table, representation);
  if (location && returning !== '*') returning = [...new Set([...returning, ...table.pk])];
  let onConflict: MutatePlan['onConflict'];
  if (mutation === 'upsert') {
    const cols = query.onConflict ?? table.pk;
    if (cols.length > 0) onConflict = { columns: cols, action: isPut || prefs.resolution !== 'ignore-duplicates' ? 'merge' : 'ignore' };
  }
  return {
    kind: 'mutate',
    mutation,
    table,
    root,
    columns,
    payload,
    where: mutation === 'update' || mutation === 'delete' ? rootConditions(root, query) : [],
    onConflict,
    applyDefaults: prefs.missing === 'default',
    returnRepresentation: representation,
    putPk,
    isPut,
    returning,
    count: prefs.count,
    prefs,
    media: r.media,
    headOnly: false,
    readOnly: false,
  };
}
