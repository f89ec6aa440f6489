import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { authSettings } from '../src/auth/auth-settings.ts';
import { ConfigError, loadConfig } from '../src/config/load-config.ts';
import { newSigningJwk } from './helpers/signing-keys.ts';

function projectWith(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-auth-config-'));
  writeFileSync(join(dir, 'config.toml'), toml);
  return dir;
}

const secret = { secret: new Uint8Array(32), publicKeys: new Map(), jwks: [] };

describe('auth configuration', () => {
  it("defaults to the Supabase CLI's values", () => {
    const s = authSettings(loadConfig({ project: projectWith('') }, {}), secret);
    expect(s).toMatchObject({
      siteUrl: 'http://127.0.0.1:3000',
      enableSignup: true,
      enableAnonymous: false,
      autoconfirm: true,
      secureEmailChange: true,
      securePasswordChange: false,
      minPasswordLength: 6,
      requiredCharacterSets: [],
      rotation: true,
      reuseIntervalSeconds: 10,
      maxFrequencySeconds: 1,
      otpLength: 6,
      otpExpirySeconds: 3600,
      jwtExpiry: 3600,
      limits: {
        signInSignUps: { events: 30, windowSeconds: 300 },
        verify: { events: 30, windowSeconds: 300 },
        token: { events: 150, windowSeconds: 300 },
        anonymous: { events: 30, windowSeconds: 3600 },
      },
      emailsPerHour: Number.POSITIVE_INFINITY,
    });
  });

  it('reads the CLI keys of config.toml', () => {
    const project = projectWith(`
[api]
external_url = "https://api.gather.test/"
[auth]
site_url = "https://gather.test"
additional_redirect_urls = ["https://*.gather.test/**", "http://localhost:5173"]
enable_signup = false
enable_anonymous_sign_ins = true
minimum_password_length = 10
password_requirements = "lower_upper_letters_digits"
enable_refresh_token_rotation = false
refresh_token_reuse_interval = 0
[auth.email]
enable_confirmations = true
double_confirm_changes = false
secure_password_change = true
max_frequency = "1m30s"
otp_length = 8
otp_expiry = 600
[auth.rate_limit]
email_sent = 5
sign_in_sign_ups = 10
token_verifications = 11
token_refresh = 12
anonymous_users = 13
[auth.email.smtp]
host = "smtp.gather.test"
port = 2525
user = "u"
pass = "env(SMTP_PASS)"
admin_email = "hello@gather.test"
sender_name = "Gather"
`);
    const c = loadConfig({ project }, { SMTP_PASS: 'from-env' });
    expect(c).toMatchObject({ smtpHost: 'smtp.gather.test', smtpPort: 2525, smtpUser: 'u', smtpPass: 'from-env', smtpAdminEmail: 'hello@gather.test' });
    const s = authSettings(c, secret);
    expect(s).toMatchObject({
      siteUrl: 'https://gather.test',
      apiExternalUrl: 'https://api.gather.test',
      enableSignup: false,
      enableAnonymous: true,
      autoconfirm: false,
      secureEmailChange: false,
      securePasswordChange: true,
      minPasswordLength: 10,
      rotation: false,
      reuseIntervalSeconds: 0,
      maxFrequencySeconds: 90,
      otpLength: 8,
      otpExpirySeconds: 600,
      emailsPerHour: 5,
      limits: { signInSignUps: { events: 10 }, verify: { events: 11 }, token: { events: 12 }, anonymous: { events: 13 } },
    });
    expect(s.requiredCharacterSets).toHaveLength(3);
    expect(s.redirectPatterns.some((p) => p.test('https://app.gather.test/auth/callback'))).toBe(true);
    expect(s.redirectPatterns.some((p) => p.test('https://evil.com/x.gather.test/'))).toBe(false);
  });

  it("takes Gather's own supabase/config.toml: confirmations on, passwords of 8", () => {
    const project = fileURLToPath(new URL('../../supabase', import.meta.url));
    const s = authSettings(loadConfig({ project }, {}), secret);
    expect(s).toMatchObject({ autoconfirm: false, minPasswordLength: 8 });
  });

  it('reads flags and environment as strings, and reports bad values', () => {
    const c = loadConfig({ project: projectWith(''), enableConfirmations: 'false', maxFrequency: '60' }, { GATHER_AUTH_ENABLE_SIGNUP: 'false' });
    expect(c).toMatchObject({ enableConfirmations: false, enableSignup: false, maxFrequency: 60 });
    expect(() => loadConfig({ project: projectWith(''), maxFrequency: 'soon' }, {})).toThrow(ConfigError);
    expect(() => loadConfig({ project: projectWith(''), minimumPasswordLength: '4' }, {})).toThrow(/at least 6/);
    expect(() => loadConfig({ project: projectWith(''), enableSignup: 'maybe' }, {})).toThrow(/true or false/);
  });

  it('reads [auth] signing_keys_path relative to the project, and names what is wrong with a bad file', async () => {
    const project = projectWith('[auth]\nsigning_keys_path = "./signing_keys.json"\n');
    const [es, rs] = [await newSigningJwk('ES256'), await newSigningJwk('RS256')];
    writeFileSync(join(project, 'signing_keys.json'), JSON.stringify([es, rs]));
    expect(loadConfig({ project }, {}).signingKeys.map((k) => [k.kid, k.alg, k.isPrivate])).toEqual([
      [es.kid, 'ES256', true],
      [rs.kid, 'RS256', true],
    ]);
    const bad = (keys: unknown) => {
      const file = join(projectWith(''), 'keys.json');
      writeFileSync(file, typeof keys === 'string' ? keys : JSON.stringify(keys));
      return () => loadConfig({ project: projectWith('') }, { GATHER_AUTH_SIGNING_KEYS_PATH: file });
    };
    const { d: _d, ...publicOnly } = es;
    expect(bad('{nope')).toThrow(/GATHER_AUTH_SIGNING_KEYS_PATH: .*keys\.json: /);
    expect(bad([])).toThrow(/must be a JSON array of at least one JWK/);
    expect(bad([{ kty: 'oct', k: 'c2VjcmV0', kid: 'h' }])).toThrow(/only ES256 .* and RS256 .* keys are supported/);
    expect(bad([{ ...es, alg: 'RS256' }])).toThrow(/does not fit a EC key/);
    expect(bad([{ ...es, kid: undefined }])).toThrow(/needs a "kid"/);
    expect(bad([es, { ...rs, kid: es.kid }])).toThrow(/used twice/);
    expect(bad([publicOnly])).toThrow(/must include its private part/);
    expect(bad([es, publicOnly].map((k, i) => ({ ...k, kid: `k${i}` })))).not.toThrow();
    expect(() => loadConfig({ project: projectWith(''), signingKeysPath: '/nowhere/keys.json' }, {})).toThrow(/--signing-keys-path: \/nowhere\/keys\.json does not exist/);
  });

  it('reads [auth.external.<provider>] and GATHER_AUTH_EXTERNAL_<PROVIDER>_<KEY>, and names what is missing', () => {
    const project = projectWith(`[auth]
enable_manual_linking = true

[auth.external.github]
enabled = true
client_id = "gh-id"
secret = "env(GH_SECRET)"

[auth.external.corp]
enabled = true
client_id = ["web", "native"]
secret = "s"
url = "https://id.corp.example"
`);
    const c = loadConfig({ project }, { GH_SECRET: 'from-env', GATHER_AUTH_EXTERNAL_GITHUB_URL: 'https://ghe.corp.example', GATHER_AUTH_EXTERNAL_KEYCLOAK_ENABLED: 'false' });
    expect(c.enableManualLinking).toBe(true);
    expect(c.externalProviders).toMatchObject({
      github: { enabled: true, clientId: ['gh-id'], secret: 'from-env', url: 'https://ghe.corp.example' },
      corp: { enabled: true, clientId: ['web', 'native'], url: 'https://id.corp.example' },
      keycloak: { enabled: false },
    });
    const s = authSettings(c, secret);
    expect([...s.providers.keys()].sort()).toEqual(['custom:corp', 'github']);
    expect(s.providers.get('github')!.endpoints).toEqual({
      authorize: 'https://ghe.corp.example/login/oauth/authorize',
      token: 'https://ghe.corp.example/login/oauth/access_token',
      api: 'https://ghe.corp.example/api/v3',
    });
    // As GoTrue: the server starts, and the provider is refused with the reason when used.
    const problem = (toml: string, name: string) => authSettings(loadConfig({ project: projectWith(toml) }, {}), secret).providers.get(name)?.problem;
    expect(problem('[auth.external.github]\nenabled = true\n', 'github')).toBe('missing OAuth client ID');
    expect(problem('[auth.external.github]\nenabled = true\nclient_id = "a"\n', 'github')).toBe('missing OAuth secret');
    expect(problem('[auth.external.keycloak]\nenabled = true\nclient_id = "a"\nsecret = "b"\n', 'keycloak')).toBe('missing url (the OpenID issuer)');
    expect(problem('[auth.external.spotify]\nenabled = true\nclient_id = "a"\nsecret = "b"\n', 'spotify')).toMatch(/^not supported by this server/);
    expect(authSettings(loadConfig({ project: projectWith('[auth.external.github]\nenabled = false\n') }, {}), secret).providers.size).toBe(0);
  });
});
