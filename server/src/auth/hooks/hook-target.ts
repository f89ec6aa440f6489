import type { HookSettings } from '../../config/auth-hooks-config.ts';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An enabled hook, ready to call: a Postgres function (GoTrue's pg-functions:// hooks). */
export interface PgFunctionHook {
  kind: 'pg-functions';
  uri: string;
  /** `"schema"."function"`, quoted as GoTrue quotes it. */
  functionName: string;
}

/** An http(s):// hook, signed with each of its Standard Webhooks secrets (`v1,whsec_…`). */
export interface HttpHook {
  kind: 'http';
  uri: string;
  secrets: string[];
}

export type HookTarget = PgFunctionHook | HttpHook;

/** The hook a `[auth.hook.<name>]` section asks for, or undefined when it is off. */
export function hookTarget(h: HookSettings | undefined): HookTarget | undefined {
  if (!h?.enabled || !h.uri) return undefined;
  const u = new URL(h.uri);
  if (u.protocol === 'http:' || u.protocol === 'https:') return { kind: 'http', uri: h.uri, secrets: (h.secrets ?? '').split('|').map((x) => x.trim()) };
  const [schema, fn] = u.pathname.split('/').filter((p) => p !== '');
  return { kind: 'pg-functions', uri: h.uri, functionName: `${quoteIdent(schema!)}.${quoteIdent(fn!)}` };
}
