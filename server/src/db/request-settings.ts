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
  // Names and values side by side (a request has about ten: a linear search beats a Map here).
  const names = ['search_path', 'role', 'request.jwt.claims', 'request.method', 'request.path', 'request.headers'];
  const values = ['public, extensions', ctx.role, JSON.stringify({ role: ctx.role, ...ctx.claims }), ctx.method ?? '', ctx.path ?? '', JSON.stringify(ctx.headers ?? {})];
  // Legacy per-claim settings (request.jwt.claim.sub, …) that older policies and stubs read.
  for (const k in ctx.claims) {
    const v = ctx.claims[k];
    if ((typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && CLAIM_KEY.test(k)) {
      names.push(`request.jwt.claim.${k}`);
      values.push(String(v));
    }
  }
  if (ctx.settings) {
    for (const k in ctx.settings) {
      const v = ctx.settings[k]!;
      // search_path keeps its first place; the others go after the identity, in the caller's order.
      if (k === 'search_path') {
        values[0] = v;
        continue;
      }
      const at = names.indexOf(k);
      if (at >= 0) {
        names.splice(at, 1);
        values.splice(at, 1);
      }
      names.push(k);
      values.push(v);
    }
  }
  if (ctx.readOnly) {
    const at = names.indexOf('transaction_read_only');
    if (at >= 0) values[at] = 'on';
    else {
      names.push('transaction_read_only');
      values.push('on');
    }
  }
  const params: string[] = new Array<string>(names.length * 2);
  for (let i = 0; i < names.length; i++) {
    params[2 * i] = names[i]!;
    params[2 * i + 1] = values[i]!;
  }
  return { sql: settingsSql(names.length), params };
}

/** `select set_config($1, $2, true), …` for n settings, built once per n. */
const SETTINGS_SQL: string[] = [];
function settingsSql(n: number): string {
  let sql = SETTINGS_SQL[n];
  if (sql === undefined) {
    const calls: string[] = [];
    for (let i = 0; i < n; i++) calls.push(`set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
    SETTINGS_SQL[n] = sql = `select ${calls.join(', ')}`;
  }
  return sql;
}

/** Applies a request's identity inside an open transaction (see requestContextStatement). */
export async function applyRequestContext(tx: Queryable, ctx: RequestContext): Promise<void> {
  const { sql, params } = requestContextStatement(ctx);
  await tx.query(sql, params);
}
