import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configTomlNotes } from '../src/config/config-toml.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// `[auth.email] enable_signup = false` is GoTrue's EXTERNAL_EMAIL_ENABLED=false (found running
// public projects, which all set the key): email sign-ups and sign-ins are refused in GoTrue's
// words; the admin API still creates email users.

let s: TestServer;
let project: string;
beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'gather-email-provider-'));
  writeFileSync(join(project, 'config.toml'), `[auth.email]\nenable_signup = false\n[auth.sms]\nenable_signup = true\n`);
  s = await startTestServer({ project, rateLimitSignInSignUps: '1000' });
});
afterAll(() => s?.stop());

describe(`[auth.email] enable_signup = false (${driverName})`, () => {
  it('refuses email sign-up, password and magic-link sign-in, recovery and resend, as GoTrue does', async () => {
    const email = `off-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    expect((await s.client().auth.signUp({ email, password })).error).toMatchObject({ status: 400, code: 'email_provider_disabled', message: 'Email signups are disabled' });
    expect((await s.service().auth.admin.createUser({ email, password, email_confirm: true })).error).toBeNull();
    expect((await s.client().auth.signInWithPassword({ email, password })).error).toMatchObject({ status: 422, code: 'email_provider_disabled', message: 'Email logins are disabled' });
    expect((await s.client().auth.signInWithOtp({ email })).error).toMatchObject({ status: 422, code: 'email_provider_disabled' });
    expect((await s.client().auth.resetPasswordForEmail(email)).error).toMatchObject({ status: 400, code: 'email_provider_disabled' });
    expect((await s.client().auth.resend({ type: 'signup', email })).error).toMatchObject({ status: 400, code: 'email_provider_disabled' });
    const settings = (await (await s.fetch('/auth/v1/settings', { headers: { apikey: s.keys.anonKey } })).json()) as { external: Record<string, boolean> };
    expect(settings.external).toMatchObject({ email: false, phone: true });
  });

  it('is read, so start no longer names it as ignored', () => {
    expect(configTomlNotes(project, {}).join('\n')).not.toContain('auth.email.enable_signup');
  });
});
