import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isCliKey } from '../src/config/config-keys.ts';
import { configTomlNotes } from '../src/config/config-toml.ts';

// Issue 34, "Also": `[db] health_timeout`, in `supabase init`'s template, was called "not in the
// Supabase CLI's config". Every key of that template — set or shown commented out — by name only:
// supabase/cli apps/cli-go/pkg/config/templates/config.toml at 1d1e719 (2026-06-01). Bucket,
// provider and hook names are the template's examples (`*` in config-keys.ts).
const INIT_TEMPLATE_KEYS = [
  'project_id', 'api.enabled', 'api.port', 'api.schemas', 'api.extra_search_path', 'api.max_rows',
  'api.tls.enabled', 'db.port', 'db.shadow_port', 'db.health_timeout', 'db.major_version',
  'db.pooler.enabled', 'db.pooler.port', 'db.pooler.pool_mode', 'db.pooler.default_pool_size',
  'db.pooler.max_client_conn', 'db.migrations.enabled', 'db.migrations.schema_paths',
  'db.seed.enabled', 'db.seed.sql_paths', 'db.network_restrictions.enabled',
  'db.network_restrictions.allowed_cidrs', 'db.network_restrictions.allowed_cidrs_v6',
  'realtime.enabled', 'studio.enabled', 'studio.port', 'studio.api_url', 'studio.openai_api_key',
  'inbucket.enabled', 'inbucket.port', 'storage.enabled', 'storage.file_size_limit',
  'storage.s3_protocol.enabled', 'storage.analytics.enabled', 'storage.analytics.max_namespaces',
  'storage.analytics.max_tables', 'storage.analytics.max_catalogs', 'storage.vector.enabled',
  'storage.vector.max_buckets', 'storage.vector.max_indexes', 'auth.enabled', 'auth.site_url',
  'auth.additional_redirect_urls', 'auth.jwt_expiry', 'auth.enable_refresh_token_rotation',
  'auth.refresh_token_reuse_interval', 'auth.enable_signup', 'auth.enable_anonymous_sign_ins',
  'auth.enable_manual_linking', 'auth.minimum_password_length', 'auth.password_requirements',
  'auth.rate_limit.email_sent', 'auth.rate_limit.sms_sent', 'auth.rate_limit.anonymous_users',
  'auth.rate_limit.token_refresh', 'auth.rate_limit.sign_in_sign_ups',
  'auth.rate_limit.token_verifications', 'auth.rate_limit.web3', 'auth.email.enable_signup',
  'auth.email.double_confirm_changes', 'auth.email.enable_confirmations',
  'auth.email.secure_password_change', 'auth.email.max_frequency', 'auth.email.otp_length',
  'auth.email.otp_expiry', 'auth.sms.enable_signup', 'auth.sms.enable_confirmations',
  'auth.sms.template', 'auth.sms.max_frequency', 'auth.sms.twilio.enabled',
  'auth.sms.twilio.account_sid', 'auth.sms.twilio.message_service_sid', 'auth.sms.twilio.auth_token',
  'auth.mfa.max_enrolled_factors', 'auth.mfa.totp.enroll_enabled', 'auth.mfa.totp.verify_enabled',
  'auth.mfa.phone.enroll_enabled', 'auth.mfa.phone.verify_enabled', 'auth.mfa.phone.otp_length',
  'auth.mfa.phone.template', 'auth.mfa.phone.max_frequency', 'auth.external.apple.enabled',
  'auth.external.apple.client_id', 'auth.external.apple.secret', 'auth.external.apple.redirect_uri',
  'auth.external.apple.url', 'auth.external.apple.skip_nonce_check',
  'auth.external.apple.email_optional', 'auth.web3.solana.enabled',
  'auth.third_party.firebase.enabled', 'auth.third_party.auth0.enabled',
  'auth.third_party.aws_cognito.enabled', 'auth.third_party.clerk.enabled',
  'auth.oauth_server.enabled', 'auth.oauth_server.authorization_url_path',
  'auth.oauth_server.allow_dynamic_registration', 'edge_runtime.enabled', 'edge_runtime.policy',
  'edge_runtime.inspector_port', 'edge_runtime.deno_version', 'analytics.enabled', 'analytics.port',
  'analytics.backend', 'experimental.orioledb_version', 'experimental.s3_host',
  'experimental.s3_region', 'experimental.s3_access_key', 'experimental.s3_secret_key',
  'api.auto_expose_new_tables', 'api.tls.cert_path', 'api.tls.key_path', 'db.vault.secret_key',
  'db.ssl_enforcement.enabled', 'realtime.ip_version', 'realtime.max_header_length',
  'inbucket.smtp_port', 'inbucket.pop3_port', 'inbucket.admin_email', 'inbucket.sender_name',
  'storage.buckets.images.public', 'storage.buckets.images.file_size_limit',
  'storage.buckets.images.allowed_mime_types', 'storage.buckets.images.objects_path',
  'storage.image_transformation.enabled', 'auth.external_url', 'auth.jwt_issuer',
  'auth.signing_keys_path', 'auth.passkey.enabled', 'auth.webauthn.rp_display_name',
  'auth.webauthn.rp_id', 'auth.webauthn.rp_origins', 'auth.captcha.enabled', 'auth.captcha.provider',
  'auth.captcha.secret', 'auth.email.smtp.enabled', 'auth.email.smtp.host', 'auth.email.smtp.port',
  'auth.email.smtp.user', 'auth.email.smtp.pass', 'auth.email.smtp.admin_email',
  'auth.email.smtp.sender_name', 'auth.email.template.invite.subject',
  'auth.email.template.invite.content_path', 'auth.email.notification.password_changed.enabled',
  'auth.email.notification.password_changed.subject',
  'auth.email.notification.password_changed.content_path', 'auth.sms.test_otp.4152127777',
  'auth.sessions.timebox', 'auth.sessions.inactivity_timeout',
  'auth.hook.before_user_created.enabled', 'auth.hook.before_user_created.uri',
  'auth.hook.custom_access_token.enabled', 'auth.hook.custom_access_token.uri',
  'auth.mfa.web_authn.enroll_enabled', 'auth.mfa.web_authn.verify_enabled',
  'auth.third_party.firebase.project_id', 'auth.third_party.auth0.tenant',
  'auth.third_party.auth0.tenant_region', 'auth.third_party.aws_cognito.user_pool_id',
  'auth.third_party.aws_cognito.user_pool_region', 'auth.third_party.clerk.domain',
  'edge_runtime.secrets.secret_key', 'experimental.pgdelta.enabled',
  'experimental.pgdelta.declarative_schema_path', 'experimental.pgdelta.format_options',
];

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("supabase init's config.toml keys", () => {
  it('are all known as Supabase CLI keys', () => {
    expect(INIT_TEMPLATE_KEYS.filter((k) => !isCliKey(k))).toEqual([]);
  });

  it('a config.toml with health_timeout, ssl_enforcement, external_url, passkey and webauthn names none as unknown', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gather-init-keys-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'config.toml'),
      `[db]
health_timeout = "2m"
[db.ssl_enforcement]
enabled = true
[auth]
external_url = "http://127.0.0.1:54321"
[auth.passkey]
enabled = true
[auth.webauthn]
rp_display_name = "Demo"
rp_id = "localhost"
rp_origins = ["http://localhost:3000"]
`,
    );
    const notes = configTomlNotes(dir, {});
    expect(notes.filter((n) => n.includes('unknown keys'))).toEqual([]);
    expect(notes.find((n) => n.includes('not supported here, ignored'))).toContain('db.health_timeout');
  });
});
