import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import type { ConfigInput } from './config-schema.ts';

type Table = Record<string, unknown>;

/** Supabase CLI's `env(NAME)` indirection inside config.toml values. */
function resolveEnvRefs(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value !== 'string') return value;
  const m = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
  return m ? env[m[1]!] : value;
}

function table(t: unknown): Table {
  return t && typeof t === 'object' && !Array.isArray(t) ? (t as Table) : {};
}

/**
 * Reads the settings we share with the Supabase CLI from `<project>/config.toml`, under the
 * same keys, so one file configures both `supabase start` and this server.
 */
export function readConfigToml(projectDir: string, env: NodeJS.ProcessEnv): Partial<ConfigInput> {
  const file = join(projectDir, 'config.toml');
  if (!existsSync(file)) return {};
  let doc: Table;
  try {
    doc = parse(readFileSync(file, 'utf8')) as Table;
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message.split('\n')[0]}`);
  }
  const api = table(doc.api);
  const auth = table(doc.auth);
  const pick = (t: Table, key: string) => resolveEnvRefs(t[key], env);
  const out: Record<string, unknown> = {
    port: pick(api, 'port'),
    maxRows: pick(api, 'max_rows'),
    autoExposeNewTables: pick(api, 'auto_expose_new_tables'),
    siteUrl: pick(auth, 'site_url'),
    jwtExpiry: pick(auth, 'jwt_expiry'),
    jwtSecret: pick(auth, 'jwt_secret'),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as Partial<ConfigInput>;
}
