import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import type { ConfigInput } from './config-schema.ts';
import { storageTomlSettings } from './storage-config.ts';
import { restTomlSettings } from './rest-config.ts';
import { functionsTomlSettings } from './functions-config.ts';
import { authTomlSettings } from './auth-config.ts';
import { authHooksTomlSettings } from './auth-hooks-config.ts';
import { emailTemplateTomlSettings } from './email-templates-config.ts';
import { ignoredKeyNotes, recordingView } from './config-keys.ts';

type Table = Record<string, unknown>;

/** Supabase CLI's `env(NAME)` indirection inside config.toml values. */
function resolveEnvRefs(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value !== 'string') return value;
  const m = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
  return m ? env[m[1]!] : value;
}

/** The first value given; both are read, so neither key is reported as ignored. */
const first = (a: unknown, b: unknown) => a ?? b;

function table(t: unknown): Table {
  return t && typeof t === 'object' && !Array.isArray(t) ? (t as Table) : {};
}

/**
 * Reads the settings we share with the Supabase CLI from `<project>/config.toml`, under the
 * same keys, so one file configures both `supabase start` and this server.
 */
export function readConfigToml(projectDir: string, env: NodeJS.ProcessEnv): Partial<ConfigInput> {
  const doc = parseConfigToml(projectDir);
  return doc ? settingsFromToml(doc, env) : {};
}

function parseConfigToml(projectDir: string): Table | undefined {
  const file = join(projectDir, 'config.toml');
  if (!existsSync(file)) return undefined;
  try {
    return parse(readFileSync(file, 'utf8')) as Table;
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message.split('\n')[0]}`);
  }
}

/**
 * What start-up says about config.toml keys the server does not act on (issue 22, item 8):
 * the settings readers run over a view that records every key they look at; the rest is named.
 */
export function configTomlNotes(projectDir: string, env: NodeJS.ProcessEnv): string[] {
  const doc = parseConfigToml(projectDir);
  if (!doc) return [];
  const seen = new Set<string>();
  settingsFromToml(recordingView(doc, seen), env);
  return ignoredKeyNotes(doc, seen, 'config.toml');
}

function settingsFromToml(doc: Table, env: NodeJS.ProcessEnv): Partial<ConfigInput> {
  const api = table(doc.api);
  const auth = table(doc.auth);
  const email = table(auth.email);
  const rateLimit = table(auth.rate_limit);
  const smtp = table(email.smtp);
  const inbucket = table(doc.inbucket);
  const pick = (t: Table, key: string) => resolveEnvRefs(t[key], env);
  const list = (t: Table, key: string) => (Array.isArray(t[key]) ? (t[key] as unknown[]).map((v) => resolveEnvRefs(v, env)) : pick(t, key));
  // As with the CLI, `[auth.email.smtp] enabled = false` keeps the section but turns SMTP off.
  const smtpOn = pick(smtp, 'enabled') !== false;
  const out: Record<string, unknown> = {
    port: pick(api, 'port'),
    dbPort: pick(table(doc.db), 'port'),
    maxRows: pick(api, 'max_rows'),
    autoExposeNewTables: pick(api, 'auto_expose_new_tables'),
    seedEnabled: pick(table(table(doc.db).seed), 'enabled'),
    seedPaths: list(table(table(doc.db).seed), 'sql_paths'),
    apiExternalUrl: pick(api, 'external_url'),
    siteUrl: pick(auth, 'site_url'),
    jwtExpiry: pick(auth, 'jwt_expiry'),
    jwtSecret: pick(auth, 'jwt_secret'),
    additionalRedirectUrls: list(auth, 'additional_redirect_urls'),
    enableSignup: pick(auth, 'enable_signup'),
    enableAnonymousSignIns: pick(auth, 'enable_anonymous_sign_ins'),
    minimumPasswordLength: pick(auth, 'minimum_password_length'),
    passwordRequirements: pick(auth, 'password_requirements'),
    enableRefreshTokenRotation: pick(auth, 'enable_refresh_token_rotation'),
    refreshTokenReuseInterval: pick(auth, 'refresh_token_reuse_interval'),
    enableConfirmations: pick(email, 'enable_confirmations'),
    doubleConfirmChanges: pick(email, 'double_confirm_changes'),
    securePasswordChange: pick(email, 'secure_password_change'),
    maxFrequency: pick(email, 'max_frequency'),
    otpLength: pick(email, 'otp_length'),
    otpExpiry: pick(email, 'otp_expiry'),
    rateLimitEmailSent: pick(rateLimit, 'email_sent'),
    rateLimitSignInSignUps: pick(rateLimit, 'sign_in_sign_ups'),
    rateLimitTokenVerifications: pick(rateLimit, 'token_verifications'),
    rateLimitTokenRefresh: pick(rateLimit, 'token_refresh'),
    rateLimitAnonymousUsers: pick(rateLimit, 'anonymous_users'),
    smtpHost: smtpOn ? pick(smtp, 'host') : undefined,
    smtpPort: smtpOn ? pick(smtp, 'port') : undefined,
    smtpUser: smtpOn ? pick(smtp, 'user') : undefined,
    smtpPass: smtpOn ? pick(smtp, 'pass') : undefined,
    // The sender: [auth.email.smtp]'s, else [inbucket]'s, where the CLI names the local inbox's sender.
    smtpAdminEmail: first(pick(smtp, 'admin_email'), pick(inbucket, 'admin_email')),
    smtpSenderName: first(pick(smtp, 'sender_name'), pick(inbucket, 'sender_name')),
  };
  Object.assign(out, storageTomlSettings(table(doc.storage), pick));
  Object.assign(out, restTomlSettings(api, pick));
  Object.assign(out, functionsTomlSettings(doc, pick));
  Object.assign(out, authTomlSettings(auth, pick));
  Object.assign(out, authHooksTomlSettings(auth, pick));
  Object.assign(out, emailTemplateTomlSettings(email, pick));
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as Partial<ConfigInput>;
}
