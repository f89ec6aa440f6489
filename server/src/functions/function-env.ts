import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config-schema.ts';
import type { ApiKeys } from '../http/api-keys.ts';

/** A `.env` file: `KEY=value`, optional `export`, quotes, `#` comments. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    const q = value[0];
    if ((q === '"' || q === "'" || q === '`') && value.indexOf(q, 1) > 0) {
      value = value.slice(1, value.indexOf(q, 1));
      if (q === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\t/g, '\t').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[m[1]!] = value;
  }
  return out;
}

export interface FunctionEnvInput {
  config: Config;
  keys: ApiKeys;
  /** How functions reach this server (loopback, the port it listens on). */
  serverUrl: string;
  /** PGlite's database port, when it listens (decision 0226). */
  dbPortUrl?: string;
}

/**
 * The environment each function worker gets, and nothing of the server's own: the variables
 * Supabase provides, SITE_URL, then the project's secrets from `functions/.env` (names starting
 * with SUPABASE_ are reserved, as the CLI says).
 */
export function functionEnv({ config, keys, serverUrl, dbPortUrl }: FunctionEnvInput, log?: (msg: string) => void): Record<string, string> {
  const env: Record<string, string> = {
    SUPABASE_URL: serverUrl,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
    // The public signing keys, so a function can verify user tokens without a request.
    SUPABASE_JWKS: JSON.stringify({ keys: keys.jwt.jwks }),
  };
  // PGlite: its database port, when it listens (`[db] port`, not "off").
  if (config.dbTarget.kind === 'postgres') env.SUPABASE_DB_URL = config.dbTarget.url;
  else if (dbPortUrl) env.SUPABASE_DB_URL = dbPortUrl;
  // Where the app lives, for links in emails (`[auth] site_url`, as auth's own emails use). Not a
  // Supabase variable: on hosted Supabase it is a secret of the project; `.env` may override it.
  // Only what the operator set: else a function links to the address its request reached, or
  // this server's own (SUPABASE_URL) when no request from outside is at hand (decision 0319).
  const site = config.siteUrlFollowsServer ? config.apiExternalUrl : (config.siteUrl ?? config.apiExternalUrl);
  if (site) env.SITE_URL = site;
  const file = join(config.project, 'functions', '.env');
  if (existsSync(file)) {
    for (const [k, v] of Object.entries(parseDotenv(readFileSync(file, 'utf8')))) {
      if (k.startsWith('SUPABASE_')) log?.(`functions/.env: ${k} is reserved and ignored`);
      else env[k] = v;
    }
  }
  return env;
}
