import * as z from 'zod';
import { count, duration, flag, stringList } from './zod-types.ts';

/** `[auth.external.<provider>]`, as the Supabase CLI reads it. */
const providerSettings = z.object({
  enabled: flag.optional(),
  /** One client id, or several (comma-separated): the first signs in, all are accepted as id-token audiences. */
  clientId: stringList.optional(),
  secret: z.string().optional(),
  redirectUri: z.string().optional(),
  /** The provider's base URL (GitHub Enterprise, GitLab, Keycloak realm, an OpenID issuer). */
  url: z.string().optional(),
  skipNonceCheck: flag.optional(),
  emailOptional: flag.optional(),
});

export type ExternalProviderSettings = z.output<typeof providerSettings>;

const PROVIDER_KEYS: Record<keyof ExternalProviderSettings, string> = {
  enabled: 'enabled',
  clientId: 'client_id',
  secret: 'secret',
  redirectUri: 'redirect_uri',
  url: 'url',
  skipNonceCheck: 'skip_nonce_check',
  emailOptional: 'email_optional',
};

const smsProvider = <T extends z.ZodRawShape>(shape: T) => z.object({ enabled: flag.optional(), apiUrl: z.string().optional(), ...shape }).optional();

/**
 * Auth settings beyond the email basics in config-schema.ts, under the Supabase CLI's
 * config.toml keys (`[auth] signing_keys_path`, `[auth.mfa]`, …), spread into the shared config.
 */
export const authConfigFields = {
  /** `[auth] signing_keys_path`: a JSON array of JWKs; the first signs access tokens. Relative to the project folder. */
  signingKeysPath: z.string().min(1).optional(),
  /** Challenges and verifications per minute per client address, each (GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY). */
  rateLimitMfa: count,
  /** `[auth] enable_manual_linking`: linkIdentity / unlinkIdentity. */
  enableManualLinking: flag,
  /** `[auth.external.<name>]` by provider name; see auth/oauth/providers.ts for the names taken. */
  externalProviders: z.record(z.string(), providerSettings),
  /** `[auth.webauthn] rp_id / rp_display_name / rp_origins`: the relying party of passkeys and WebAuthn factors (default: the site URL's host). */
  webauthnRpId: z.string().min(1).optional(),
  webauthnRpDisplayName: z.string().min(1).optional(),
  webauthnRpOrigins: stringList.optional(),
  /** `[auth.passkey] enabled`: sign-in with passkeys. */
  passkeyEnabled: flag,
  /** `[auth.oauth_server] enabled`: the OAuth 2.1 server's client registry (admin API, decision 0156). */
  oauthServerEnabled: flag,
  /** Passkey sign-in attempts per 5 minutes per client address (GoTrue's RATE_LIMIT_PASSKEY). */
  rateLimitPasskey: count,
  /** Per-address request limits: `auto` counts every request only where users can reach the server (auth/request-limit-scope.ts), `always` everywhere. */
  authRequestLimits: z.enum(['auto', 'always'], { error: 'must be auto or always' }),
  /** `[auth.email] enable_signup`: the email provider (GoTrue's EXTERNAL_EMAIL_ENABLED; off refuses email sign-ups and sign-ins). */
  emailEnableSignup: flag,
  /** `[auth.sms] enable_signup`: the phone provider (SMS one-time codes, phone + password). */
  smsEnableSignup: flag,
  /** `[auth.sms] enable_confirmations`: phones are confirmed by a code first (off: GoTrue's SMS_AUTOCONFIRM). */
  smsEnableConfirmations: flag,
  smsTemplate: z.string().min(1),
  smsMaxFrequency: duration,
  smsOtpLength: z.coerce.number({ error: 'must be a number' }).int().min(6, 'must be between 6 and 10').max(10, 'must be between 6 and 10'),
  /** Seconds a code is valid (GoTrue's SMS_OTP_EXP). */
  smsOtpExpiry: count,
  /** `[auth.sms.test_otp]`: fixed codes for given numbers, never sent. */
  smsTestOtp: z.record(z.string(), z.string()),
  /** `[auth.rate_limit] sms_sent`: text messages per hour. */
  rateLimitSmsSent: count,
  /** `[auth.sms.twilio|vonage|messagebird]`; `api_url` (ours; GATHER_AUTH_SMS_<PROVIDER>_API_URL) points at another host. */
  smsTwilio: smsProvider({ accountSid: z.string().optional(), messageServiceSid: z.string().optional(), authToken: z.string().optional() }),
  smsVonage: smsProvider({ from: z.string().optional(), apiKey: z.string().optional(), apiSecret: z.string().optional() }),
  smsMessagebird: smsProvider({ originator: z.string().optional(), accessKey: z.string().optional() }),
  /** `[auth.mfa] max_enrolled_factors`. */
  mfaMaxEnrolledFactors: count,
  /** `[auth.mfa.totp] enroll_enabled / verify_enabled`. */
  mfaTotpEnrollEnabled: flag,
  mfaTotpVerifyEnabled: flag,
  /** `[auth.mfa.phone] …`: SMS codes as a second factor. */
  mfaPhoneEnrollEnabled: flag,
  mfaPhoneVerifyEnabled: flag,
  mfaPhoneOtpLength: z.coerce.number({ error: 'must be a number' }).int().min(6, 'must be between 6 and 10').max(10, 'must be between 6 and 10'),
  mfaPhoneTemplate: z.string().min(1),
  mfaPhoneMaxFrequency: duration,
  /** `[auth.mfa.web_authn] enroll_enabled / verify_enabled`. */
  mfaWebAuthnEnrollEnabled: flag,
  mfaWebAuthnVerifyEnabled: flag,
};

export const AUTH_ENV_NAMES = {
  signingKeysPath: 'GATHER_AUTH_SIGNING_KEYS_PATH',
  rateLimitMfa: 'GATHER_AUTH_RATE_LIMIT_MFA',
  enableManualLinking: 'GATHER_AUTH_ENABLE_MANUAL_LINKING',
  webauthnRpId: 'GATHER_AUTH_WEBAUTHN_RP_ID',
  webauthnRpDisplayName: 'GATHER_AUTH_WEBAUTHN_RP_DISPLAY_NAME',
  webauthnRpOrigins: 'GATHER_AUTH_WEBAUTHN_RP_ORIGINS',
  passkeyEnabled: 'GATHER_AUTH_PASSKEY_ENABLED',
  oauthServerEnabled: 'GATHER_AUTH_OAUTH_SERVER_ENABLED',
  rateLimitPasskey: 'GATHER_AUTH_RATE_LIMIT_PASSKEY',
  authRequestLimits: 'GATHER_AUTH_REQUEST_LIMITS',
  emailEnableSignup: 'GATHER_AUTH_EMAIL_ENABLE_SIGNUP',
  smsEnableSignup: 'GATHER_AUTH_SMS_ENABLE_SIGNUP',
  smsEnableConfirmations: 'GATHER_AUTH_SMS_ENABLE_CONFIRMATIONS',
  smsTemplate: 'GATHER_AUTH_SMS_TEMPLATE',
  smsMaxFrequency: 'GATHER_AUTH_SMS_MAX_FREQUENCY',
  smsOtpLength: 'GATHER_AUTH_SMS_OTP_LENGTH',
  smsOtpExpiry: 'GATHER_AUTH_SMS_OTP_EXPIRY',
  rateLimitSmsSent: 'GATHER_AUTH_RATE_LIMIT_SMS_SENT',
  mfaMaxEnrolledFactors: 'GATHER_AUTH_MFA_MAX_ENROLLED_FACTORS',
  mfaTotpEnrollEnabled: 'GATHER_AUTH_MFA_TOTP_ENROLL_ENABLED',
  mfaTotpVerifyEnabled: 'GATHER_AUTH_MFA_TOTP_VERIFY_ENABLED',
  mfaPhoneEnrollEnabled: 'GATHER_AUTH_MFA_PHONE_ENROLL_ENABLED',
  mfaPhoneVerifyEnabled: 'GATHER_AUTH_MFA_PHONE_VERIFY_ENABLED',
  mfaPhoneOtpLength: 'GATHER_AUTH_MFA_PHONE_OTP_LENGTH',
  mfaPhoneTemplate: 'GATHER_AUTH_MFA_PHONE_TEMPLATE',
  mfaPhoneMaxFrequency: 'GATHER_AUTH_MFA_PHONE_MAX_FREQUENCY',
  mfaWebAuthnEnrollEnabled: 'GATHER_AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED',
  mfaWebAuthnVerifyEnabled: 'GATHER_AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED',
} as const;

/** The Supabase CLI's defaults (its config.toml template): every factor type off until enabled. */
export const AUTH_DEFAULTS = {
  rateLimitMfa: 15,
  enableManualLinking: false,
  externalProviders: {},
  passkeyEnabled: false,
  oauthServerEnabled: false,
  rateLimitPasskey: 30,
  authRequestLimits: 'auto' as const,
  emailEnableSignup: true,
  smsEnableSignup: false,
  smsEnableConfirmations: false,
  smsTemplate: 'Your code is {{ .Code }}',
  smsMaxFrequency: '5s',
  smsOtpLength: 6,
  smsOtpExpiry: 6000,
  smsTestOtp: {},
  rateLimitSmsSent: 30,
  mfaMaxEnrolledFactors: 10,
  mfaTotpEnrollEnabled: false,
  mfaTotpVerifyEnabled: false,
  mfaPhoneEnrollEnabled: false,
  mfaPhoneVerifyEnabled: false,
  mfaPhoneOtpLength: 6,
  mfaPhoneTemplate: 'Your code is {{ .Code }}',
  mfaPhoneMaxFrequency: '5s',
  mfaWebAuthnEnrollEnabled: false,
  mfaWebAuthnVerifyEnabled: false,
};

type Table = Record<string, unknown>;

function table(t: unknown): Table {
  return t && typeof t === 'object' && !Array.isArray(t) ? (t as Table) : {};
}

/** The `[auth]` keys this block reads from config.toml. */
export function authTomlSettings(auth: Table, pick: (t: Table, key: string) => unknown): Record<string, unknown> {
  const mfa = table(auth.mfa);
  const totp = table(mfa.totp);
  const phone = table(mfa.phone);
  const webAuthn = table(mfa.web_authn);
  const external: Record<string, Record<string, unknown>> = {};
  for (const [name, value] of Object.entries(table(auth.external))) {
    const t = table(value);
    const entry: Record<string, unknown> = {};
    for (const [key, tomlKey] of Object.entries(PROVIDER_KEYS)) {
      const v = pick(t, tomlKey);
      if (v !== undefined && v !== '') entry[key] = v;
    }
    external[name] = entry;
  }
  const webauthn = table(auth.webauthn);
  const sms = table(auth.sms);
  const smsTable = (name: string, keys: Record<string, string>) => {
    const t = table(sms[name]);
    if (Object.keys(t).length === 0) return undefined;
    const out: Record<string, unknown> = { enabled: pick(t, 'enabled'), apiUrl: pick(t, 'api_url') };
    for (const [key, tomlKey] of Object.entries(keys)) out[key] = pick(t, tomlKey);
    return out;
  };
  const testOtp: Record<string, unknown> = {};
  for (const k of Object.keys(table(sms.test_otp))) testOtp[k.replace(/^\+/, '')] = pick(table(sms.test_otp), k);
  return {
    emailEnableSignup: pick(table(auth.email), 'enable_signup'),
    smsEnableSignup: pick(sms, 'enable_signup'),
    smsEnableConfirmations: pick(sms, 'enable_confirmations'),
    smsTemplate: pick(sms, 'template'),
    smsMaxFrequency: pick(sms, 'max_frequency'),
    smsTestOtp: testOtp,
    rateLimitSmsSent: pick(table(auth.rate_limit), 'sms_sent'),
    smsTwilio: smsTable('twilio', { accountSid: 'account_sid', messageServiceSid: 'message_service_sid', authToken: 'auth_token' }),
    smsVonage: smsTable('vonage', { from: 'from', apiKey: 'api_key', apiSecret: 'api_secret' }),
    smsMessagebird: smsTable('messagebird', { originator: 'originator', accessKey: 'access_key' }),
    webauthnRpId: pick(webauthn, 'rp_id'),
    webauthnRpDisplayName: pick(webauthn, 'rp_display_name'),
    webauthnRpOrigins: Array.isArray(webauthn.rp_origins) ? webauthn.rp_origins : pick(webauthn, 'rp_origins'),
    passkeyEnabled: pick(table(auth.passkey), 'enabled'),
    oauthServerEnabled: pick(table(auth.oauth_server), 'enabled'),
    signingKeysPath: pick(auth, 'signing_keys_path'),
    enableManualLinking: pick(auth, 'enable_manual_linking'),
    externalProviders: external,
    mfaMaxEnrolledFactors: pick(mfa, 'max_enrolled_factors'),
    mfaTotpEnrollEnabled: pick(totp, 'enroll_enabled'),
    mfaTotpVerifyEnabled: pick(totp, 'verify_enabled'),
    mfaPhoneEnrollEnabled: pick(phone, 'enroll_enabled'),
    mfaPhoneVerifyEnabled: pick(phone, 'verify_enabled'),
    mfaPhoneOtpLength: pick(phone, 'otp_length'),
    mfaPhoneTemplate: pick(phone, 'template'),
    mfaPhoneMaxFrequency: pick(phone, 'max_frequency'),
    mfaWebAuthnEnrollEnabled: pick(webAuthn, 'enroll_enabled'),
    mfaWebAuthnVerifyEnabled: pick(webAuthn, 'verify_enabled'),
  };
}

/**
 * `GATHER_AUTH_EXTERNAL_<PROVIDER>_<KEY>` (e.g. GATHER_AUTH_EXTERNAL_GITHUB_CLIENT_ID), merged
 * over config.toml's `[auth.external.<provider>]`; the provider name is lower-cased.
 */
export function mergeExternalProviderEnv(
  fromToml: Record<string, Record<string, unknown>> | undefined,
  env: NodeJS.ProcessEnv,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, v] of Object.entries(fromToml ?? {})) out[name] = { ...v };
  const keys = Object.entries(PROVIDER_KEYS).map(([key, tomlKey]) => [key, tomlKey.toUpperCase()] as const);
  for (const [envName, value] of Object.entries(env)) {
    if (!envName.startsWith('GATHER_AUTH_EXTERNAL_') || value === undefined || value === '') continue;
    const rest = envName.slice('GATHER_AUTH_EXTERNAL_'.length);
    const hit = keys.find(([, suffix]) => rest.endsWith(`_${suffix}`));
    if (!hit) continue;
    const name = rest.slice(0, -(hit[1].length + 1)).toLowerCase();
    if (name === '') continue;
    out[name] = { ...out[name], [hit[0]]: value };
  }
  return out;
}

/** The providers this server signs in with; any other name with a `url` is an OpenID issuer (`custom:<name>`). */
export const BUILT_IN_PROVIDERS = ['apple', 'azure', 'discord', 'github', 'gitlab', 'google', 'keycloak'] as const;

/** GoTrue's other provider names: refused rather than misread as an OpenID issuer. */
const UNSUPPORTED_PROVIDERS = new Set([
  'bitbucket', 'facebook', 'figma', 'fly', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'slack', 'slack_oidc',
  'snapchat', 'spotify', 'twitch', 'twitter', 'x', 'workos', 'zoom',
]);

/** A provider name GoTrue knows (enabled here or not). */
export function isKnownProvider(name: string): boolean {
  return (BUILT_IN_PROVIDERS as readonly string[]).includes(name) || UNSUPPORTED_PROVIDERS.has(name);
}

/**
 * Why an enabled provider cannot be used (GoTrue's ValidateOAuth and more), or undefined. As in
 * GoTrue this does not stop the server: the provider answers "Unsupported provider: <why>" and
 * the server warns at start-up.
 */
export function externalProviderProblem(name: string, p: ExternalProviderSettings): string | undefined {
  if (!/^[a-z0-9_-]+$/.test(name)) return 'provider names are lower-case letters, digits, - and _';
  if (UNSUPPORTED_PROVIDERS.has(name)) {
    return `not supported by this server (supported: ${BUILT_IN_PROVIDERS.join(', ')}, or any OpenID issuer under another name with url)`;
  }
  if (!p.clientId || p.clientId.length === 0) return 'missing OAuth client ID';
  if (!p.secret) return 'missing OAuth secret';
  const builtIn = (BUILT_IN_PROVIDERS as readonly string[]).includes(name);
  if ((!builtIn || name === 'keycloak') && !p.url) return 'missing url (the OpenID issuer)';
  for (const [key, v] of [['url', p.url], ['redirect_uri', p.redirectUri]] as const) {
    if (v && !/^https?:\/\/[^\s/]+/.test(v)) return `${key} must be an http(s) URL`;
  }
  return undefined;
}

/** GATHER_AUTH_SMS_<PROVIDER>_API_URL: the provider's API at another host (a proxy, the tests' double). */
export function mergeSmsApiUrlEnv(merged: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  for (const [key, name] of [['smsTwilio', 'TWILIO'], ['smsVonage', 'VONAGE'], ['smsMessagebird', 'MESSAGEBIRD']] as const) {
    const url = env[`GATHER_AUTH_SMS_${name}_API_URL`];
    if (url) merged[key] = { ...(merged[key] as object | undefined), apiUrl: url };
  }
}
