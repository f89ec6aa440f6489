import type { Queryable, RequestContext, Statement } from './db-types.ts';

const CLAIM_KEY = /^[a-z_][a-z0-9_]*$/i;

/**
 * The one statement that applies a request's identity and settings: `select set_config(…, true),
 * …` in the order PostgREST uses — search_path, role, claims, the other `request.*` settings,
 * then the caller's extra settings (a later value for the same name wins) — with
 * `transaction_read_only` for read-only requests. Names and values are bound parameters, never
 * spliced into SQL, and the text depends only on how many settings there are, so it is prepared
 * once per count. The role must be one `authenticator` may become; the HTTP layer checks that.
 */
export function requestContextStatement(ctx: RequestContext): Statement & { params: string[] } {
  const settings = new Map<string, string>([
    ['search_path', 'public, extensions'],
    ['role', ctx.role],
    ['request.jwt.claims', JSON.stringify({ role: ctx.role, ...ctx.claims })],
    ['request.method', ctx.method ?? ''],
    ['request.path', ctx.path ?? ''],
    ['request.headers', JSON.stringify(ctx.headers ?? {})],
  ]);
  // Legacy per-claim settings (request.jwt.claim.sub, …) that older policies and stubs read.
  for (const [k, v] of Object.entries(ctx.claims)) {
    if (CLAIM_KEY.test(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) settings.set(`request.jwt.claim.${k}`, String(v));
  }
  for (const [k, v] of Object.entries(ctx.settings ?? {})) {
    // search_path keeps its first place; the others go after the identity, in the caller's order.
    if (k !== 'search_path') settings.delete(k);
    settings.set(k, v);
  }
  if (ctx.readOnly) settings.set('transaction_read_only', 'on');
  const params: string[] = [];
  const calls: string[] = [];
  for (const [k, v] of settings) {
    params.push(k, v);
    calls.push(`set_config($${params.length - 1}, $${params.length}, true)`);
  }
  return { sql: `select ${calls.join(', ')}`, params };
}

/** Applies a request's identity inside an open transaction (see requestContextStatement). */
export async function applyRequestContext(tx: Queryable, ctx: RequestContext): Promise<void> {
  const { sql, params } = requestContextStatement(ctx);
  await tx.query(sql, params);
}
