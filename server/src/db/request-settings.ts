import type { Queryable, RequestContext } from './db-types.ts';

/**
 * Applies a request's identity inside an open transaction, in the order PostgREST uses:
 * search_path, role, claims, then the other `request.*` settings. Values are bound
 * parameters, never spliced into SQL. The role must be one `authenticator` may become;
 * the HTTP layer checks that before we get here.
 */
export async function applyRequestContext(tx: Queryable, ctx: RequestContext): Promise<void> {
  const names = ['search_path', 'role', 'request.jwt.claims', 'request.method', 'request.path', 'request.headers'];
  const values: string[] = [
    'public, extensions',
    ctx.role,
    JSON.stringify({ role: ctx.role, ...ctx.claims }),
    ctx.method ?? '',
    ctx.path ?? '',
    JSON.stringify(ctx.headers ?? {}),
  ];
  // Legacy per-claim settings (request.jwt.claim.sub, …) that older policies and stubs read.
  for (const [k, v] of Object.entries(ctx.claims)) {
    if (/^[a-z_][a-z0-9_]*$/i.test(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) {
      names.push(`request.jwt.claim.${k}`);
      values.push(String(v));
    }
  }
  for (const [k, v] of Object.entries(ctx.settings ?? {})) {
    names.push(k);
    values.push(v);
  }
  const selects = names.map((_, i) => `set_config($${i * 2 + 1}, $${i * 2 + 2}, true)`);
  const params = names.flatMap((n, i) => [n, values[i]]);
  if (ctx.readOnly) await tx.exec('SET TRANSACTION READ ONLY');
  await tx.query(`select ${selects.join(', ')}`, params);
}
