import * as z from 'zod';
import { flag } from './zod-types.ts';

/**
 * `[auth.hook.<name>]` as the Supabase CLI reads it (decision 0230). Only the hooks this server
 * runs are read: the keys of any other hook stay unread and are named at start as not supported
 * (decision 0222), one hook at a time.
 */
export const SUPPORTED_HOOKS = [
  'custom_access_token',
  'before_user_created',
  'password_verification_attempt',
  'mfa_verification_attempt',
  'send_email',
  'send_sms',
] as const;
export type HookName = (typeof SUPPORTED_HOOKS)[number];

const IDENT = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** Why a hook URI cannot be used (GoTrue refuses these at start too), or undefined. */
export function hookUriProblem(uri: string): string | undefined {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return 'must be pg-functions://postgres/<schema>/<function> or an http(s):// URL';
  }
  if (u.protocol === 'pg-functions:') {
    const parts = u.pathname.split('/').filter((p) => p !== '');
    if (parts.length !== 2 || !parts.every((p) => IDENT.test(p))) return 'must be pg-functions://postgres/<schema>/<function>';
    return undefined;
  }
  if (u.protocol === 'http:') {
    // GoTrue allows plain http only to this machine.
    if (!['localhost', '127.0.0.1', '[::1]', 'host.docker.internal'].includes(u.hostname)) {
      return 'http:// is allowed for localhost, 127.0.0.1, ::1 and host.docker.internal only: use https://';
    }
    return undefined;
  }
  if (u.protocol === 'https:') return undefined;
  return `unsupported protocol ${u.protocol}// (pg-functions:// and http(s):// are)`;
}

/** GoTrue's check of `secrets` for http hooks: one or more `v1,whsec_<base64>`, `|`-separated. */
export function hookSecretsProblem(secrets: string | undefined): string | undefined {
  const list = (secrets ?? '').split('|').map((s) => s.trim()).filter((s) => s !== '');
  if (list.length === 0) return 'secrets are required for http(s):// hooks (v1,whsec_<base64>)';
  if (!list.every((s) => /^v1,whsec_[A-Za-z0-9+/=]{32,88}$/.test(s))) return 'secrets must be v1,whsec_<base64>, separated by |';
  return undefined;
}

const hookSettings = z
  .object({
    enabled: flag.optional(),
    uri: z.string().optional(),
    /** Standard Webhooks secrets, `v1,whsec_<base64>`, `|`-separated (http hooks only). */
    secrets: z.string().optional(),
  })
  .superRefine((h, c) => {
    if (!h.enabled) return;
    if (!h.uri) {
      c.addIssue({ code: 'custom', message: 'uri is required when the hook is enabled' });
      return;
    }
    const problem = hookUriProblem(h.uri);
    if (problem) c.addIssue({ code: 'custom', message: `uri ${problem}` });
    else if (/^https?:/.test(h.uri)) {
      const bad = hookSecretsProblem(h.secrets);
      if (bad) c.addIssue({ code: 'custom', message: bad });
    }
  });

export type HookSettings = z.output<typeof hookSettings>;

export const authHooksConfigFields = {
  /** `[auth.hook.<name>]` of the hooks this server runs. */
  authHooks: z.record(z.enum(SUPPORTED_HOOKS), hookSettings.optional()),
};

export const AUTH_HOOKS_DEFAULTS = { authHooks: {} };

type Table = Record<string, unknown>;
const table = (t: unknown): Table => (t && typeof t === 'object' && !Array.isArray(t) ? (t as Table) : {});

/** The `[auth.hook.*]` keys this server honours. */
export function authHooksTomlSettings(auth: Table, pick: (t: Table, key: string) => unknown): Record<string, unknown> {
  const hooks = table(auth.hook);
  const out: Record<string, Record<string, unknown>> = {};
  for (const name of SUPPORTED_HOOKS) {
    if (!(name in hooks)) continue;
    const t = table(hooks[name]);
    out[name] = { enabled: pick(t, 'enabled'), uri: pick(t, 'uri'), secrets: pick(t, 'secrets') };
  }
  return { authHooks: out };
}
