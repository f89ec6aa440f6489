import { errors } from '../errors/api-error.ts';
import type { MediaType } from '../parse/accept.ts';
import { contentKind, parsePayload } from '../parse/body.ts';
import type { Preferences } from '../parse/prefer.ts';
import type { QueryParams } from '../parse/types.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import { routineReturnsScalar, routineReturnsSetOfScalar } from '../schema-cache/types.ts';
import { quoteIdent } from '../sql/sql-builder.ts';
import { findRoutine } from './find-routine.ts';
import { negotiate } from './negotiate.ts';
import { buildReadTree } from './read-plan.ts';
import type { CallPlan } from './types.ts';

export interface CallRequest {
  cache: SchemaCache;
  schema: string;
  name: string;
  method: string;
  query: QueryParams;
  prefs: Preferences;
  accepts: MediaType[];
  maxRows: number;
  contentType?: string;
  body?: Buffer | string;
}

/** POST/GET/HEAD on /rpc/<fn>: the function chosen by argument names, its arguments, and a read over its result. */
export function planCall(r: CallRequest): Omit<CallPlan, 'schema' | 'sendProfile' | 'tx' | 'applied'> {
  const isPost = r.method === 'POST';
  const content = contentKind(r.contentType).kind;
  let args: CallPlan['args'];
  let keys: Set<string>;
  let raw: string | Buffer = '{}';
  if (isPost) {
    const payload = parsePayload(r.contentType, r.body, r.query.columns !== undefined, true);
    if (payload.kind === 'single') {
      raw = payload.value;
      args = { kind: 'positional', value: payload.value, type: payload.type };
      keys = new Set();
    } else {
      raw = payload.json;
      let json = payload.json;
      if (payload.kind === 'json' && payload.isArray) {
        // PostgREST calls the function with the first element of an array body.
        const first = (JSON.parse(json) as unknown[])[0];
        json = first === undefined ? '{}' : JSON.stringify(first);
      }
      keys = new Set(r.query.columns ?? (payload.kind === 'json' ? payload.keys : []));
      args = { kind: 'json', json, params: [] };
    }
  } else {
    keys = new Set(r.query.rpcArgs.map(([k]) => k));
    const values = new Map<string, string[]>();
    for (const [k, v] of r.query.rpcArgs) values.set(k, [...(values.get(k) ?? []), v]);
    args = { kind: 'text', values };
    raw = JSON.stringify(Object.fromEntries(r.query.rpcArgs));
  }
  const routine = findRoutine(r.cache, r.schema, r.name, keys, content, isPost);
  if (routine.params.length === 1 && routine.params[0]!.name === '') {
    args = { kind: 'positional', value: raw, type: routine.params[0]!.type };
  } else if (args.kind === 'json') {
    // Only the parameters named in the body are passed; the others keep their defaults.
    args.params = routine.params.filter((p) => keys.has(p.name));
  }
  if (r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined && !routine.returnsSetOf) throw errors.maxAffectedRpc();
  const media: MediaType = negotiate(r.accepts, r.cache);
  const scalar = routineReturnsScalar(routine) || routineReturnsSetOfScalar(routine);
  const relation = scalar ? { schema: routine.schema, name: routine.name } : routine.returnType;
  const root = buildReadTree({
    cache: r.cache,
    relation,
    rootQualifier: quoteIdent(relation.name),
    rootAlias: relation.name,
    query: r.query,
    maxRows: r.maxRows,
    rootRange: true,
  });
  const readOnly = !isPost || routine.volatility !== 'v';
  return { kind: 'call', routine, root, args, prefs: r.prefs, media, headOnly: r.method === 'HEAD', readOnly, count: r.prefs.count };
}
