import type { HookSettings } from '../../config/auth-hooks-config.ts';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An enabled hook, ready to call: a Postgres function (GoTrue's pg-functions:// hooks). */
export interface PgFunctionHook {
  kind: 'pg-functions';
  uri: string;
  /** `"schema"."function"`, quoted as GoTrue quotes it. */
  functionName: string;
}

export type HookTarget = PgFunctionHook;

/** The hook a `[auth.hook.<name>]` section asks for, or undefined when it is off. */
export function hookTarget(h: HookSettings | undefined): HookTarget | undefined {
  if (!h?.enabled || !h.uri) return undefined;
  const u = new URL(h.uri);
  const [schema, fn] = u.pathname.split('/').filter((p) => p !== '');
  return { kind: 'pg-functions', uri: h.uri, functionName: `${quoteIdent(schema!)}.${quoteIdent(fn!)}` };
}
