import type { Config } from '../config/config-schema.ts';
import { compileRedirectPattern } from './redirect-patterns.ts';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** The CLI's `password_requirements` names, as GoTrue's required character sets. */
const CHARACTER_SETS: Record<string, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** Per-IP request limits, each as events per window (GoTrue's token buckets). */
export interface RequestLimit {
  events: number;
  windowSeconds: number;
}

/** Everything the auth module reads from configuration, in the units it uses. */
export interface AuthSettings {
  siteUrl: string;
  redirectPatterns: RegExp[];
  jwtSecret: Uint8Array;
  jwtExpiry: number;
  /** The audience and role of every user token (GoTrue's JWT_AUD and JWT_DEFAULT_GROUP_NAME). */
  aud: string;
  defaultRole: string;
  adminRoles: ReadonlySet<string>;
  enableSignup: boolean;
  enableAnonymous: boolean;
  /** Email confirmations off ⇒ GoTrue's MAILER_AUTOCONFIRM. */
  autoconfirm: boolean;
  secureEmailChange: boolean;
  securePasswordChange: boolean;
  minPasswordLength: number;
  requiredCharacterSets: string[];
  rotation: boolean;
  reuseIntervalSeconds: number;
  maxFrequencySeconds: number;
  otpLength: number;
  otpExpirySeconds: number;
  flowStateExpirySeconds: number;
  limits: { signInSignUps: RequestLimit; verify: RequestLimit; token: RequestLimit; anonymous: RequestLimit };
  /** Emails per hour across all recipients; Infinity when unlimited. */
  emailsPerHour: number;
  /** `[api] external_url` when configured; otherwise derived from the listening address. */
  apiExternalUrl?: string;
}

/** The CLI's site_url default, used when config.toml has none. */
const DEFAULT_SITE_URL = 'http://127.0.0.1:3000';
/** The CLI sets this when no SMTP server is configured: mail only reaches the local catcher. */
const UNLIMITED_EMAILS = Number.POSITIVE_INFINITY;
/** The CLI's `[auth.rate_limit] email_sent` default, applied once real SMTP is configured. */
const SMTP_EMAILS_PER_HOUR = 2;

export function authSettings(config: Config, jwtSecret: Uint8Array): AuthSettings {
  const siteUrl = config.siteUrl ?? DEFAULT_SITE_URL;
  return {
    siteUrl,
    redirectPatterns: config.additionalRedirectUrls.map(compileRedirectPattern),
    jwtSecret,
    jwtExpiry: config.jwtExpiry,
    aud: 'authenticated',
    defaultRole: 'authenticated',
    adminRoles: new Set(['service_role', 'supabase_admin']),
    enableSignup: config.enableSignup,
    enableAnonymous: config.enableAnonymousSignIns,
    autoconfirm: !config.enableConfirmations,
    secureEmailChange: config.doubleConfirmChanges,
    securePasswordChange: config.securePasswordChange,
    minPasswordLength: config.minimumPasswordLength,
    requiredCharacterSets: CHARACTER_SETS[config.passwordRequirements] ?? [],
    rotation: config.enableRefreshTokenRotation,
    reuseIntervalSeconds: config.refreshTokenReuseInterval,
    maxFrequencySeconds: config.maxFrequency,
    otpLength: config.otpLength,
    otpExpirySeconds: config.otpExpiry,
    flowStateExpirySeconds: 300,
    limits: {
      signInSignUps: { events: config.rateLimitSignInSignUps, windowSeconds: 300 },
      verify: { events: config.rateLimitTokenVerifications, windowSeconds: 300 },
      token: { events: config.rateLimitTokenRefresh, windowSeconds: 300 },
      anonymous: { events: config.rateLimitAnonymousUsers, windowSeconds: 3600 },
    },
    emailsPerHour: config.rateLimitEmailSent ?? (config.smtpHost ? SMTP_EMAILS_PER_HOUR : UNLIMITED_EMAILS),
    apiExternalUrl: config.apiExternalUrl?.replace(/\/+$/, ''),
  };
}
