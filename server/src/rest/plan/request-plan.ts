import { errors } from '../errors/api-error.ts';
import { parseAccept } from '../parse/accept.ts';
import { parsePrefer, type Preferences } from '../parse/prefer.ts';
import { decodeQuery, parseQueryParams } from '../parse/query-params.ts';
import { findTable, type SchemaCache } from '../schema-cache/schema-cache.ts';
import { checkEmbedDepth } from './embed-limits.ts';
import { fuzzyOne } from './fuzzy.ts';
import { planCall } from './call-plan.ts';
import { negotiate } from './negotiate.ts';
import { planMutation, planRead } from './relation-plan.ts';
import type { RequestPlan, TxEnd } from './types.ts';

/** A request as the REST API sees it: path below `/rest/v1`, raw query string, lower-cased headers. */
export interface RestRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | undefined>;
  body?: Buffer | string;
}

export interface PlanOptions {
  cache: SchemaCache;
  maxRows: number;
  /** One-to-many and many-to-many embeds nested at most this deep (embed-limits.ts); 0 or absent: any. */
  maxEmbedDepth?: number;
}

function segments(path: string): string[] {
  const parts = path.split('/').slice(1);
  if (parts.length === 1 && parts[0] === '') return [];
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    throw errors.invalidPath();
  }
}

function chooseSchema(cache: SchemaCache, method: string, headers: RestRequest['headers']): { schema: string; sendProfile: boolean } {
  const reads = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  const header = reads ? headers['accept-profile'] : headers['content-profile'];
  if (header === undefined) return { schema: cache.schemas[0]!, sendProfile: cache.schemas.length > 1 };
  if (!cache.schemas.includes(header)) throw errors.unacceptableSchema(header, cache.schemas);
  return { schema: header, sendProfile: true };
}

function txEnd(cache: SchemaCache, prefs: Preferences): TxEnd {
  switch (cache.settings.txEnd) {
    case 'commit-allow-override':
      return prefs.tx === 'rollback' ? 'rollback' : 'commit';
    case 'rollback-allow-override':
      return prefs.tx === 'commit' ? 'commit' : 'rollback';
    case 'rollback':
      return 'rollback';
    default:
      return 'commit';
  }
}

/** `Preference-Applied` values, in PostgREST's order, for what this kind of request honours. */
function applied(prefs: Preferences, kind: 'read' | 'insert' | 'update' | 'delete' | 'call', resolutionApplies: boolean, txOverride: boolean): string[] {
  const out: string[] = [];
  if (kind === 'insert' && resolutionApplies && prefs.resolution) out.push(`resolution=${prefs.resolution}`);
  if ((kind === 'insert' || kind === 'update') && prefs.missing) out.push(`missing=${prefs.missing}`);
  if ((kind === 'insert' || kind === 'update' || kind === 'delete') && prefs.return) out.push(`return=${prefs.return}`);
  if (prefs.count) out.push(`count=${prefs.count}`);
  if (prefs.tx && txOverride) out.push(`tx=${prefs.tx}`);
  if (prefs.handling) out.push(`handling=${prefs.handling}`);
  if (prefs.timezone) out.push(`timezone=${prefs.timezone}`);
  if (prefs.handling === 'strict' && prefs.maxAffected !== undefined && (kind === 'update' || kind === 'delete' || kind === 'call')) {
    out.push(`max-affected=${prefs.maxAffected}`);
  }
  return out;
}

/**
 * Turns a request into a plan without touching the database: routing, schema, preferences,
 * the parsed query string and body, names resolved against the schema cache, the server's
 * limits on embedding. Every problem is an ApiError in PostgREST's shape.
 */
export function planRequest(opts: PlanOptions, req: RestRequest): RequestPlan {
  const plan = planUnlimited(opts, req);
  if (opts.maxEmbedDepth) checkEmbedDepth(plan, opts.maxEmbedDepth);
  return plan;
}

function planUnlimited(opts: PlanOptions, req: RestRequest): RequestPlan {
  const { cache } = opts;
  const method = req.method.toUpperCase();
  const segs = segments(req.path);
  if (segs.length > 2 || (segs.length === 2 && segs[0] !== 'rpc')) throw errors.invalidPath();
  const { schema, sendProfile } = chooseSchema(cache, method, req.headers);
  const prefs = parsePrefer(req.headers['prefer']);
  const accepts = parseAccept(req.headers['accept']);
  const txOverride = cache.settings.txEnd.endsWith('allow-override');
  const tx = txEnd(cache, prefs);
  const strictCheck = () => {
    if (prefs.handling === 'strict' && prefs.invalid.length > 0) throw errors.invalidPreferences(prefs.invalid);
  };
  const base = { schema, sendProfile, prefs, tx };

  if (segs.length === 0) {
    if (method === 'OPTIONS') return { kind: 'options', allow: 'OPTIONS,GET,HEAD' };
    if (method !== 'GET' && method !== 'HEAD') throw errors.unsupportedMethod(method);
    if (!accepts.some((m) => m.kind === 'openapi' || m.kind === 'json' || m.kind === 'any')) throw errors.mediaType(accepts.map((m) => (m.kind === 'other' ? m.mime : m.kind)));
    return { ...base, kind: 'openapi', media: { kind: 'openapi' }, headOnly: method === 'HEAD', readOnly: true, applied: [] };
  }

  if (segs.length === 2) {
    const name = segs[1]!;
    if (method === 'OPTIONS') {
      const overloads = cache.routines.get(`${schema}\0${name}`) ?? [];
      return { kind: 'options', allow: overloads.some((r) => r.volatility === 'v') ? 'OPTIONS,POST' : 'OPTIONS,GET,HEAD,POST' };
    }
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw errors.invalidRpcMethod(method);
    const query = parseQueryParams(decodeQuery(req.query), method !== 'POST');
    const call = planCall({ cache, schema, name, method, query, prefs, accepts, maxRows: opts.maxRows, contentType: req.headers['content-type'], body: req.body });
    strictCheck();
    return { ...base, ...call, applied: applied(prefs, 'call', false, txOverride) };
  }

  const relName = segs[0]!;
  const table = findTable(cache, schema, relName);
  if (!table) {
    const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
    throw errors.tableNotFound(schema, relName, fuzzyOne(names, relName, 0.75) ?? null);
  }
  if (method === 'OPTIONS') {
    const allow = ['OPTIONS,GET,HEAD'];
    if (table.insertable) allow.push('POST');
    if (table.insertable && table.updatable && table.pk.length > 0) allow.push('PUT');
    if (table.updatable) allow.push('PATCH');
    if (table.deletable) allow.push('DELETE');
    return { kind: 'options', allow: allow.join(',') };
  }
  if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) throw errors.unsupportedMethod(method);
  const query = parseQueryParams(decodeQuery(req.query));
  const media = negotiate(accepts, cache);
  const rel = { cache, table, method, query, prefs, media, maxRows: opts.maxRows, rangeHeader: req.headers['range'], contentType: req.headers['content-type'], body: req.body };
  if (method === 'GET' || method === 'HEAD') {
    const read = planRead(rel, method === 'HEAD');
    strictCheck();
    return { ...base, ...read, applied: applied(prefs, 'read', false, txOverride) };
  }
  const mut = planMutation(rel);
  strictCheck();
  const kind = mut.mutation === 'update' ? 'update' : mut.mutation === 'delete' ? 'delete' : 'insert';
  const resolutionApplies = table.pk.length > 0 || query.onConflict !== undefined;
  return { ...base, ...mut, applied: applied(prefs, kind, resolutionApplies, txOverride) };
}
