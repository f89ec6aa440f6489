import { resolve } from 'node:path';
import { configSchema, parseDbTarget, type Config, type ConfigInput } from './config-schema.ts';
import { readConfigToml } from './config-toml.ts';
import {
  DEFAULT_JWT_SECRET,
  DEFAULT_PUBLISHABLE_KEY,
  DEFAULT_SECRET_KEY,
} from './default-keys.ts';

/** Command-line flags, already split by the CLI; every one also has an environment variable. */
export type ConfigFlags = Partial<Record<keyof ConfigInput, string>>;

/** Environment variable for each setting. `DATABASE_URL` is also honoured for `db`. */
export const ENV_NAMES: Partial<Record<keyof ConfigInput, string>> = {
  project: 'GATHER_PROJECT',
  port: 'GATHER_PORT',
  host: 'GATHER_HOST',
  db: 'GATHER_DB',
  storage: 'GATHER_STORAGE',
  web: 'GATHER_WEB',
  jwtSecret: 'GATHER_JWT_SECRET',
  anonKey: 'GATHER_ANON_KEY',
  serviceRoleKey: 'GATHER_SERVICE_ROLE_KEY',
  publishableKey: 'GATHER_PUBLISHABLE_KEY',
  secretKey: 'GATHER_SECRET_KEY',
  siteUrl: 'GATHER_SITE_URL',
  jwtExpiry: 'GATHER_JWT_EXPIRY',
  maxRows: 'GATHER_MAX_ROWS',
  logLevel: 'GATHER_LOG_LEVEL',
};

const DEFAULTS: ConfigInput = {
  project: 'supabase',
  port: 54321,
  host: '127.0.0.1',
  db: '.data/db',
  storage: '.data/storage',
  jwtSecret: DEFAULT_JWT_SECRET,
  publishableKey: DEFAULT_PUBLISHABLE_KEY,
  secretKey: DEFAULT_SECRET_KEY,
  jwtExpiry: 3600,
  maxRows: 1000,
  autoExposeNewTables: false,
  logLevel: 'info',
  production: false,
};

export class ConfigError extends Error {}

/**
 * Settings come from, in order of precedence: flags, environment, `<project>/config.toml`,
 * defaults. Every bad value is reported at once, each with where it came from.
 */
export function loadConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const source: Record<string, string> = {};
  const fromEnv: Record<string, string> = {};
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    const v = env[name];
    if (v !== undefined && v !== '') {
      fromEnv[key] = v;
      source[key] = name;
    }
  }
  if (fromEnv.db === undefined && env.DATABASE_URL) {
    fromEnv.db = env.DATABASE_URL;
    source.db = 'DATABASE_URL';
  }
  for (const key of Object.keys(flags)) source[key] = `--${key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`;

  const project = flags.project ?? fromEnv.project ?? DEFAULTS.project;
  let fromToml: Partial<ConfigInput>;
  try {
    fromToml = readConfigToml(resolve(project), env);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  for (const key of Object.keys(fromToml)) source[key] ??= 'config.toml';

  const merged = { ...DEFAULTS, ...fromToml, ...fromEnv, ...flags, production: env.NODE_ENV === 'production' };
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0]);
      return `${source[key] ?? key}: ${i.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const cfg = parsed.data;
  if (cfg.production && cfg.jwtSecret === DEFAULT_JWT_SECRET) {
    throw new ConfigError(
      'jwt secret: the public development secret cannot be used with NODE_ENV=production; set GATHER_JWT_SECRET',
    );
  }
  let dbTarget;
  try {
    dbTarget = parseDbTarget(cfg.db);
  } catch (err) {
    throw new ConfigError((err as Error).message.replace(/^--db/, source.db ?? '--db'));
  }
  if (dbTarget.kind === 'pglite') dbTarget.dataDir = resolve(dbTarget.dataDir);
  return {
    ...cfg,
    project: resolve(cfg.project),
    storage: cfg.storage.startsWith('s3://') ? cfg.storage : resolve(cfg.storage),
    web: cfg.web === undefined ? undefined : resolve(cfg.web),
    dbTarget,
  };
}
