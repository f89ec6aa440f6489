import type { Config } from '../config/config-schema.ts';
import type { JwtKeys } from '../http/jwt-keys.ts';
import { configuredProviders, type ExternalProvider } from './oauth/providers.ts';
import { smsGateway } from '../mail/index.ts';
import { compileRedirectPattern } from './redirect-patterns.ts';
import { hookTarget, type HookTarget } from './hooks/hook-target.ts';

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
  /** The HS256 secret and signing keys: tokens are signed with `jwt.signing` when there is one. */
  jwt: JwtKeys;
  jwtExpiry: number;
  /** The audience and role of every user token (GoTrue's JWT_AUD and JWT_DEFAULT_GROUP_NAME). */
  aud: string;
  defaultRole: string;
  adminRoles: ReadonlySet<string>;
  enableSignup: boolean;
  enableAnonymous: boolean;
  /** `[auth.email] enable_signup` (GoTrue's EXTERNAL_EMAIL_ENABLED): off refuses email sign-ups and sign-ins. */
  emailEnabled: boolean;
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
  limits: {
    signInSignUps: RequestLimit;
    verify: RequestLimit;
    token: RequestLimit;
    anonymous: RequestLimit;
    /** GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, one bucket each for challenge and verify. */
    mfa: RequestLimit;
    passkey: RequestLimit;
  };
  mfa: MfaSettings;
  /** Enabled external providers by the name clients use (`github`, `custom:<name>`). */
  providers: ReadonlyMap<string, ExternalProvider>;
  enableManualLinking: boolean;
  /** The WebAuthn relying party of passkeys and WebAuthn factors. */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  passkeyEnabled: boolean;
  /** `[auth.oauth_server] enabled`: the OAuth client registry's admin API answers (decision 0156). */
  oauthServerEnabled: boolean;
  phone: PhoneSettings;
  /** Emails per hour across all recipients; Infinity when unlimited. */
  emailsPerHour: number;
  /** `[api] external_url` when configured; otherwise derived from the listening address. */
  apiExternalUrl?: string;
  hooks: HookSettingsByName;
}

/** `[auth.sms]`: the phone provider and its codes. */
export interface PhoneSettings {
  enabled: boolean;
  /** Confirmations off: a phone counts as confirmed at sign-up (GoTrue's SMS_AUTOCONFIRM). */
  autoconfirm: boolean;
  template: string;
  maxFrequencySeconds: number;
  otpLength: number;
  otpExpirySeconds: number;
  /** Fixed codes for given numbers (E.164 digits), never sent. */
  testOtp: Record<string, string>;
  /** Text messages per hour across all recipients. */
  perHour: number;
  /** The gateway's name for /settings (`twilio`, …), '' when codes stay in the local outbox. */
  provider: string;
}

export interface FactorTypeSettings {
  enroll: boolean;
  verify: boolean;
}

/** `[auth.mfa]`: which factor types may be enrolled and verified, and GoTrue's fixed timings. */
export interface MfaSettings {
  maxEnrolledFactors: number;
  totp: FactorTypeSettings;
  phone: FactorTypeSettings & { otpLength: number; template: string; maxFrequencySeconds: number };
  webAuthn: FactorTypeSettings;
  /** Seconds a challenge may be answered in (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION). */
  challengeExpirySeconds: number;
  /** Unverified factors without a challenge are dropped after this (MFA_FACTOR_EXPIRY_DURATION). */
  factorExpirySeconds: number;
}

/** `[auth.hook.*]`: the hooks that are on (decision 0230). */
export interface HookSettingsByName {
  customAccessToken?: HookTarget;
  beforeUserCreated?: HookTarget;
  passwordVerificationAttempt?: HookTarget;
  mfaVerificationAttempt?: HookTarget;
  /** GoTrue sends no mail itself while this is on: the hook does (decision 0235). */
  sendEmail?: HookTarget;
  /** Likewise for text messages (decision 0235). */
  sendSms?: HookTarget;
}

/** The CLI's site_url default, used when config.toml has none. */
const DEFAULT_SITE_URL = 'http://127.0.0.1:3000';
/** The CLI sets this when no SMTP server is configured: mail only reaches the local catcher. */
const UNLIMITED_EMAILS = Number.POSITIVE_INFINITY;
/** The CLI's `[auth.rate_limit] email_sent` default, applied once real SMTP is configured. */
const SMTP_EMAILS_PER_HOUR = 2;

/** `[auth.webauthn]`, else the site itself: its host is the RP id, its origin the only origin. */
function relyingParty(config: Config, siteUrl: string): AuthSettings['webauthn'] {
  const site = new URL(siteUrl);
  return {
    rpId: config.webauthnRpId ?? site.hostname,
    rpName: config.webauthnRpDisplayName ?? 'Gather',
    origins: config.webauthnRpOrigins && config.webauthnRpOrigins.length > 0 ? config.webauthnRpOrigins : [site.origin],
  };
}

export function authSettings(config: Config, jwt: JwtKeys): AuthSettings {
  const siteUrl = config.siteUrl ?? DEFAULT_SITE_URL;
  return {
    siteUrl,
    redirectPatterns: config.additionalRedirectUrls.map(compileRedirectPattern),
    jwt,
    jwtExpiry: config.jwtExpiry,
    aud: 'authenticated',
    defaultRole: 'authenticated',
    adminRoles: new Set(['service_role', 'supabase_admin']),
    enableSignup: config.enableSignup,
    enableAnonymous: config.enableAnonymousSignIns,
    emailEnabled: config.emailEnableSignup,
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
      mfa: { events: config.rateLimitMfa, windowSeconds: 60 },
      passkey: { events: config.rateLimitPasskey, windowSeconds: 300 },
    },
    providers: configuredProviders(config.externalProviders),
    enableManualLinking: config.enableManualLinking,
    webauthn: relyingParty(config, siteUrl),
    passkeyEnabled: config.passkeyEnabled,
    oauthServerEnabled: config.oauthServerEnabled,
    phone: {
      enabled: config.smsEnableSignup,
      autoconfirm: !config.smsEnableConfirmations,
      template: config.smsTemplate,
      maxFrequencySeconds: config.smsMaxFrequency,
      otpLength: config.smsOtpLength,
      otpExpirySeconds: config.smsOtpExpiry,
      testOtp: config.smsTestOtp,
      perHour: config.rateLimitSmsSent,
      provider: smsGateway(config)?.name ?? '',
    },
    mfa: {
      maxEnrolledFactors: config.mfaMaxEnrolledFactors,
      totp: { enroll: config.mfaTotpEnrollEnabled, verify: config.mfaTotpVerifyEnabled },
      phone: {
        enroll: config.mfaPhoneEnrollEnabled,
        verify: config.mfaPhoneVerifyEnabled,
        otpLength: config.mfaPhoneOtpLength,
        template: config.mfaPhoneTemplate,
        maxFrequencySeconds: config.mfaPhoneMaxFrequency,
      },
      webAuthn: { enroll: config.mfaWebAuthnEnrollEnabled, verify: config.mfaWebAuthnVerifyEnabled },
      challengeExpirySeconds: 300,
      factorExpirySeconds: 300,
    },
    emailsPerHour: config.rateLimitEmailSent ?? (config.smtpHost ? SMTP_EMAILS_PER_HOUR : UNLIMITED_EMAILS),
    apiExternalUrl: config.apiExternalUrl?.replace(/\/+$/, ''),
    hooks: {
      customAccessToken: hookTarget(config.authHooks.custom_access_token),
      beforeUserCreated: hookTarget(config.authHooks.before_user_created),
      passwordVerificationAttempt: hookTarget(config.authHooks.password_verification_attempt),
      mfaVerificationAttempt: hookTarget(config.authHooks.mfa_verification_attempt),
      sendEmail: hookTarget(config.authHooks.send_email),
      sendSms: hookTarget(config.authHooks.send_sms),
    },
  };
}
