import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readSigningKeys, type SigningJwk } from './signing-keys.ts';
import { extensionsNamedIn } from '../db/extensions.ts';
import { configSchema, parseDbTarget, type Config, type ConfigInput } from './config-schema.ts';
import { readConfigToml } from './config-toml.ts';
import { resolveSiteUrl } from './site-url.ts';
import { STORAGE_DEFAULTS, STORAGE_ENV_NAMES } from './storage-config.ts';
import { REALTIME_DEFAULTS, REALTIME_ENV_NAMES } from './realtime-config.ts';
import { REST_DEFAULTS, REST_ENV_NAMES } from './rest-config.ts';
import { FUNCTIONS_DEFAULTS, FUNCTIONS_ENV_NAMES } from './functions-config.ts';
import { AUTH_HOOKS_DEFAULTS } from './auth-hooks-config.ts';
import { AUTH_DEFAULTS, AUTH_ENV_NAMES, mergeExternalProviderEnv, mergeSmsApiUrlEnv } from './auth-config.ts';
import { EMAIL_TEMPLATE_DEFAULTS, readEmailTemplateFiles } from './email-templates-config.ts';
import { EXPOSURE_DEFAULTS, EXPOSURE_ENV_NAMES } from './exposure-config.ts';
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
  apiExternalUrl: 'GATHER_API_EXTERNAL_URL',
  jwtExpiry: 'GATHER_JWT_EXPIRY',
  additionalRedirectUrls: 'GATHER_AUTH_ADDITIONAL_REDIRECT_URLS',
  enableSignup: 'GATHER_AUTH_ENABLE_SIGNUP',
  enableAnonymousSignIns: 'GATHER_AUTH_ENABLE_ANONYMOUS_SIGN_INS',
  minimumPasswordLength: 'GATHER_AUTH_MINIMUM_PASSWORD_LENGTH',
  passwordRequirements: 'GATHER_AUTH_PASSWORD_REQUIREMENTS',
  enableRefreshTokenRotation: 'GATHER_AUTH_ENABLE_REFRESH_TOKEN_ROTATION',
  refreshTokenReuseInterval: 'GATHER_AUTH_REFRESH_TOKEN_REUSE_INTERVAL',
  enableConfirmations: 'GATHER_AUTH_EMAIL_ENABLE_CONFIRMATIONS',
  doubleConfirmChanges: 'GATHER_AUTH_EMAIL_DOUBLE_CONFIRM_CHANGES',
  securePasswordChange: 'GATHER_AUTH_EMAIL_SECURE_PASSWORD_CHANGE',
  maxFrequency: 'GATHER_AUTH_EMAIL_MAX_FREQUENCY',
  otpLength: 'GATHER_AUTH_EMAIL_OTP_LENGTH',
  otpExpiry: 'GATHER_AUTH_EMAIL_OTP_EXPIRY',
  rateLimitEmailSent: 'GATHER_AUTH_RATE_LIMIT_EMAIL_SENT',
  rateLimitSignInSignUps: 'GATHER_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS',
  rateLimitTokenVerifications: 'GATHER_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS',
  rateLimitTokenRefresh: 'GATHER_AUTH_RATE_LIMIT_TOKEN_REFRESH',
  rateLimitAnonymousUsers: 'GATHER_AUTH_RATE_LIMIT_ANONYMOUS_USERS',
  smtpHost: 'GATHER_SMTP_HOST',
  smtpPort: 'GATHER_SMTP_PORT',
  smtpUser: 'GATHER_SMTP_USER',
  smtpPass: 'GATHER_SMTP_PASS',
  smtpAdminEmail: 'GATHER_SMTP_ADMIN_EMAIL',
  smtpSenderName: 'GATHER_SMTP_SENDER_NAME',
  maxRows: 'GATHER_MAX_ROWS',
  autoExposeNewTables: 'GATHER_AUTO_EXPOSE_NEW_TABLES',
  logLevel: 'GATHER_LOG_LEVEL',
  trustProxy: 'GATHER_TRUST_PROXY',
  metrics: 'GATHER_METRICS',
  workers: 'GATHER_WORKERS',
  dbPort: 'GATHER_DB_PORT',
  dbTurnMs: 'GATHER_DB_TURN_MS',
  drainTimeoutS: 'GATHER_DRAIN_TIMEOUT',
  ...STORAGE_ENV_NAMES,
  ...REALTIME_ENV_NAMES,
  ...REST_ENV_NAMES,
  ...FUNCTIONS_ENV_NAMES,
  ...AUTH_ENV_NAMES,
  ...EXPOSURE_ENV_NAMES,
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
  // Auth: the Supabase CLI's defaults (its templates/config.toml), so `supabase start` and we agree.
  additionalRedirectUrls: [],
  enableSignup: true,
  enableAnonymousSignIns: false,
  minimumPasswordLength: 6,
  passwordRequirements: '',
  enableRefreshTokenRotation: true,
  refreshTokenReuseInterval: 10,
  enableConfirmations: false,
  doubleConfirmChanges: true,
  securePasswordChange: false,
  maxFrequency: '1s',
  otpLength: 6,
  otpExpiry: 3600,
  rateLimitSignInSignUps: 30,
  rateLimitTokenVerifications: 30,
  rateLimitTokenRefresh: 150,
  rateLimitAnonymousUsers: 30,
  smtpPort: 587,
  smtpAdminEmail: 'admin@email.com',
  smtpSenderName: 'Gather',
  maxRows: 1000,
  autoExposeNewTables: false,
  seedEnabled: true,
  seedPaths: ['./seed.sql'],
  logLevel: 'info',
  trustProxy: '',
  metrics: '',
  drainTimeoutS: 30,
  dbPort: '54322',
  dbTurnMs: 100,
  production: false,
  ...STORAGE_DEFAULTS,
  ...REALTIME_DEFAULTS,
  ...REST_DEFAULTS,
  ...FUNCTIONS_DEFAULTS,
  ...AUTH_DEFAULTS,
  ...AUTH_HOOKS_DEFAULTS,
  ...EMAIL_TEMPLATE_DEFAULTS,
  ...EXPOSURE_DEFAULTS,
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
  // A project named on purpose that is not there would start an empty server (issue 22, item 8).
  if ((flags.project ?? fromEnv.project) !== undefined && !existsSync(resolve(project))) {
    throw new ConfigError(`${source.project}: ${resolve(project)} does not exist (expected a Supabase project folder with config.toml, migrations/, …)`);
  }
  let fromToml: Partial<ConfigInput>;
  try {
    fromToml = readConfigToml(resolve(project), env);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  for (const key of Object.keys(fromToml)) source[key] ??= 'config.toml';

  const merged = { ...DEFAULTS, ...fromToml, ...fromEnv, ...flags, production: env.NODE_ENV === 'production' };
  // Per-provider settings are tables; their variables are merged key by key.
  merged.externalProviders = mergeExternalProviderEnv(fromToml.externalProviders as Record<string, Record<string, unknown>>, env);
  for (const name of Object.keys(merged.externalProviders)) source.externalProviders ??= `[auth.external.${name}]`;
  mergeSmsApiUrlEnv(merged, env);
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
  if (dbTarget.kind !== 'postgres') {
    dbTarget.extensions = extensionsNamedIn(resolve(cfg.project), cfg.seedPaths);
    dbTarget.turnMs = cfg.dbTurnMs;
  }
  let signingKeys: SigningJwk[] = [];
  if (cfg.signingKeysPath) {
    try {
      signingKeys = readSigningKeys(resolve(cfg.project, cfg.signingKeysPath));
    } catch (err) {
      throw new ConfigError(`${source.signingKeysPath ?? 'signing_keys_path'}: ${(err as Error).message}`);
    }
  }
  let emailTemplates;
  try {
    emailTemplates = readEmailTemplateFiles(cfg.emailTemplates, resolve(cfg.project));
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const site = resolveSiteUrl({ siteUrl: cfg.siteUrl, source: source.siteUrl, tomlPort: fromToml.port, port: cfg.port });
  return {
    ...cfg,
    siteUrl: site.siteUrl,
    siteUrlFollowsServer: site.followsServer,
    emailTemplates,
    project: resolve(cfg.project),
    storage: cfg.storage.startsWith('s3://') ? cfg.storage : resolve(cfg.storage),
    web: cfg.web === undefined ? undefined : resolve(cfg.web),
    dbTarget,
    signingKeys,
  };
}
