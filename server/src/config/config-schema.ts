import * as z from 'zod';
import { storageConfigFields } from './storage-config.ts';
import { realtimeConfigFields } from './realtime-config.ts';
import { restConfigFields } from './rest-config.ts';
import { functionsConfigFields } from './functions-config.ts';
import { authConfigFields } from './auth-config.ts';
import { authHooksConfigFields } from './auth-hooks-config.ts';
import { emailTemplateConfigFields } from './email-templates-config.ts';
import { exposureConfigFields } from './exposure-config.ts';
import type { SigningJwk } from './signing-keys.ts';
import { count, duration, flag, stringList } from './zod-types.ts';

/** Where the database lives: an embedded PGlite folder, PGlite in memory, or a PostgreSQL URL. */
export type DbTarget =
  // extensions: what the project's migrations and seed create, for PGlite to load (decision 0223);
  // turnMs: GATHER_DB_TURN_MS (decision 0255); image: a `dumpDataDir` tarball to start from
  // (e2e files start from one migrated, seeded database instead of building it each, decision 0360).
  | { kind: 'pglite'; dataDir: string; extensions?: string[]; turnMs?: number }
  | { kind: 'memory'; extensions?: string[]; turnMs?: number; image?: string }
  | { kind: 'postgres'; url: string };

export function parseDbTarget(value: string): DbTarget {
  if (value === 'memory' || value === 'memory://') return { kind: 'memory' };
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      new URL(value);
    } catch {
      throw new Error(`--db: "${value}" is not a valid postgres:// URL`);
    }
    return { kind: 'postgres', url: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new Error(`--db: unsupported scheme in "${value}" (use a folder path, "memory" or postgres://…)`);
  }
  if (value.trim() === '') throw new Error('--db: empty value (use a folder path, "memory" or postgres://…)');
  return { kind: 'pglite', dataDir: value };
}

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const jwtSecret = z.string().min(32, 'must be at least 32 characters');

export const configSchema = z.object({
  project: z.string().min(1),
  port,
  host: z.string().min(1),
  db: z.string().min(1),
  storage: z.string().min(1),
  web: z.string().min(1).optional(),
  jwtSecret,
  anonKey: z.string().min(1).optional(),
  serviceRoleKey: z.string().min(1).optional(),
  publishableKey: z.string().min(1),
  secretKey: z.string().min(1),
  siteUrl: z.url({ error: 'must be a URL' }).optional(),
  /** Where this server is reachable from outside (`[api] external_url`); links in emails use it. */
  apiExternalUrl: z.url({ error: 'must be a URL' }).optional(),
  jwtExpiry: z.coerce.number().int().min(30).max(604800),
  // Auth, under the Supabase CLI's config.toml keys ([auth], [auth.email], [auth.rate_limit], [auth.email.smtp]).
  additionalRedirectUrls: stringList,
  enableSignup: flag,
  enableAnonymousSignIns: flag,
  minimumPasswordLength: z.coerce.number({ error: 'must be a number' }).int().min(6, 'must be at least 6').max(72, 'must be at most 72'),
  passwordRequirements: z.enum(['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols'], {
    error: 'must be "", letters_digits, lower_upper_letters_digits or lower_upper_letters_digits_symbols',
  }),
  enableRefreshTokenRotation: flag,
  refreshTokenReuseInterval: count,
  enableConfirmations: flag,
  doubleConfirmChanges: flag,
  securePasswordChange: flag,
  maxFrequency: duration,
  otpLength: z.coerce.number({ error: 'must be a number' }).int().min(6, 'must be between 6 and 10').max(10, 'must be between 6 and 10'),
  otpExpiry: z.coerce.number({ error: 'must be a number' }).int().min(1).max(86400, 'must be at most 86400'),
  /** Emails per hour (all recipients). Unset: unlimited into the local outbox, 2 with SMTP (the CLI's). */
  rateLimitEmailSent: count.optional(),
  rateLimitSignInSignUps: count,
  rateLimitTokenVerifications: count,
  rateLimitTokenRefresh: count,
  rateLimitAnonymousUsers: count,
  smtpHost: z.string().min(1).optional(),
  smtpPort: port,
  smtpUser: z.string().optional(),
  smtpPass: z.string().optional(),
  smtpAdminEmail: z.string().min(3),
  smtpSenderName: z.string(),
  maxRows: z.coerce.number().int().min(1),
  autoExposeNewTables: flag,
  /** `[db.seed] enabled`: load the seed files after migrations on a fresh database. */
  seedEnabled: flag,
  /** `[db.seed] sql_paths`: seed files in order, globs relative to the project folder. */
  seedPaths: stringList,
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  /**
   * Behind a reverse proxy, which X-Forwarded-For hops to believe, so rate limits and sessions see
   * the client's address: "" (none, the default), "true" (all), a hop count, or addresses/CIDRs.
   */
  trustProxy: z.string().transform((v): boolean | string[] | ((addr: string, hop: number) => boolean) => {
    const t = v.trim();
    if (t === '' || t === 'false') return false;
    if (t === 'true') return true;
    if (/^\d+$/.test(t)) return (_addr, hop) => hop < Number(t);
    return t.split(',').map((x) => x.trim()).filter(Boolean);
  }),
  /**
   * Prometheus metrics: "" (off, the default), a port ("9100" or "0.0.0.0:9100") served apart
   * from the APIs, or a path ("/metrics") on the API port. See server/src/http/operations.
   */
  metrics: z.string().trim().regex(/^$|^\/[A-Za-z0-9/_.-]*$|^(?:[^/\s]+:)?\d{1,5}$/, 'expected a port (9100), host:port or a path (/metrics)'),
  /**
   * The database port (`[db] port`, 54322 as with `supabase start`): on PGlite the embedded
   * database speaks the Postgres wire protocol there (db-port/); "off" for none, 0 for any free
   * port. On PostgreSQL tools connect to the server itself, so nothing listens. Decision 0226.
   */
  dbPort: z.coerce
    .string()
    .trim()
    .regex(/^(off|\d{1,5})$/, 'expected a port number or "off"')
    .transform((v) => (v === 'off' ? undefined : Number(v)))
    .refine((v) => v === undefined || v <= 65535, 'must be between 0 and 65535'),
  /**
   * PGlite: how long a REST request's statement may hold the database while another client waits,
   * once its client has held it for 2 s lately (a client hogging it); the statement is
   * then cancelled (57014, 503). 0: never; a statement runs to its statement timeout. Decision 0255.
   */
  dbTurnMs: z.coerce.number({ error: 'must be a number' }).int().min(0),
  /** Server processes sharing the port (`start --workers N`); default: cores on PostgreSQL, 1 on PGlite. */
  workers: z.coerce.number().int().min(1).max(256).optional(),
  /** Seconds a SIGTERM waits for in-flight requests before closing the rest. */
  drainTimeoutS: z.coerce.number().min(0),
  production: z.boolean(),
  // Storage: its own block, see storage-config.ts.
  ...storageConfigFields,
  ...realtimeConfigFields,
  // REST: its own block, see rest-config.ts.
  ...restConfigFields,
  // Functions, scheduled jobs and outbound HTTP: see functions-config.ts.
  ...functionsConfigFields,
  // Signing keys, external providers, MFA, phone: see auth-config.ts.
  ...authConfigFields,
  // Auth hooks: see auth-hooks-config.ts.
  ...authHooksConfigFields,
  // Auth's email templates: see email-templates-config.ts.
  ...emailTemplateConfigFields,
  // Accepting the risks of listening beyond loopback: see exposure-config.ts.
  ...exposureConfigFields,
});

export type ConfigInput = z.input<typeof configSchema>;
export type Config = z.output<typeof configSchema> & {
  dbTarget: DbTarget;
  /** Read from `signingKeysPath` (empty without it): see signing-keys.ts. */
  signingKeys: SigningJwk[];
  /**
   * siteUrl is config.toml's template address of this server, moved to the port in use (or
   * unset on port 0): functions then link to the address a request reached (decision 0319).
   */
  siteUrlFollowsServer?: boolean;
};
