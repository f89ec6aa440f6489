import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbox, lastMail } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 2 (decisions 0237, 0238): templates written the way Supabase's docs write them
// (an app's own /auth/confirm link from {{ .TokenHash }}, a prefetch-safe page that carries
// {{ .ConfirmationURL }} in its query), and [auth.email.notification.<type>] security notices.

const SITE = 'http://localhost:3000';
let dir: string;
let s: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gather-notices-'));
  const project = join(dir, 'supabase');
  mkdirSync(join(project, 'templates'), { recursive: true });
  const file = (name: string, body: string) => writeFileSync(join(project, 'templates', name), body);
  file('confirm.html', `<h2>Confirm your signup</h2>
{{ if .Data.first_name }}<p>Hi {{ .Data.first_name }},</p>{{ else }}<p>Hi,</p>{{ end }}
<p><a href="{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=email&next={{ .RedirectTo }}">Confirm your email</a></p>`);
  file('magic.html', `<p><a href="{{ .SiteURL }}/confirm-signup?confirmation_url={{ .ConfirmationURL }}">Sign in</a></p>`);
  file('password.html', `<p>This is a confirmation that the password for your account {{ .Email }} has just been changed.</p>
{{- with .Data.first_name }}<p>Signed, for {{ . }}</p>{{ end }}`);
  file('change.html', `<p>To {{ .SendingTo }}: confirm {{ .Email }} becoming {{ .NewEmail }}</p><p><a href="{{ .ConfirmationURL }}">Confirm</a></p>`);
  file('factor.html', `<p>A new factor ({{ .FactorType }}) has been enrolled for your account {{ .Email }}.</p>`);
  writeFileSync(
    join(project, 'config.toml'),
    `[auth]
site_url = "${SITE}"
additional_redirect_urls = ["${SITE}/**"]
[auth.email]
enable_confirmations = true
double_confirm_changes = false
max_frequency = "0s"
[auth.email.template.confirmation]
subject = "Confirm {{ .Email }}"
content_path = "./supabase/templates/confirm.html"
[auth.email.template.magic_link]
content_path = "./supabase/templates/magic.html"
[auth.email.template.email_change]
content_path = "./supabase/templates/change.html"
[auth.email.notification.password_changed]
enabled = true
subject = "Your password has been changed"
content_path = "./supabase/templates/password.html"
[auth.email.notification.email_changed]
enabled = true
[auth.email.notification.phone_changed]
enabled = true
[auth.email.notification.identity_linked]
enabled = true
[auth.email.notification.mfa_factor_enrolled]
enabled = true
content_path = "./supabase/templates/factor.html"
[auth.email.notification.mfa_factor_unenrolled]
enabled = false
[auth.sms]
enable_signup = true
enable_confirmations = true
max_frequency = "0s"
[auth.sms.test_otp]
"15550009999" = "123456"
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
`,
  );
  s = await startTestServer({ project, rateLimitSignInSignUps: '1000', rateLimitTokenVerifications: '1000', rateLimitMfa: '1000' });
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const password = 'correct horse battery';
let n = 0;
const newEmail = () => `notice${++n}-${Date.now()}@example.com`;
/** The href of the message's first link, as a browser reads it (entities decoded). */
const hrefIn = (html: string) => new URL(/href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'));

async function confirmedUser(meta: Record<string, unknown> = {}) {
  const email = newEmail();
  await s.service().auth.admin.createUser({ email, password, email_confirm: true, user_metadata: meta });
  const client = s.client();
  expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
  return { email, client };
}

describe(`templates as Supabase documents them (${driverName})`, () => {
  it("an app's own /auth/confirm?token_hash= link verifies server-side", async () => {
    const email = newEmail();
    const { error } = await s.client().auth.signUp({ email, password, options: { data: { first_name: 'Ada' }, emailRedirectTo: `${SITE}/account?tab=a&b=1` } });
    expect(error).toBeNull();
    const mail = await lastMail(s, email, 'confirmation');
    expect(mail.subject).toBe(`Confirm ${email}`);
    expect(mail.html).toContain('<p>Hi Ada,</p>');
    const link = hrefIn(mail.html);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/auth/confirm`);
    // html/template escaped the redirect inside the query, so it comes back whole.
    expect(link.searchParams.get('next')).toBe(`${SITE}/account?tab=a&b=1`);
    expect(link.searchParams.get('type')).toBe('email');
    const { data, error: verifyError } = await s.client().auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: 'email' });
    expect(verifyError).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('a ConfirmationURL carried in a query parameter (prefetch-safe page) still signs in', async () => {
    const { email } = await confirmedUser();
    expect((await s.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await lastMail(s, email, 'magic_link');
    const page = hrefIn(mail.html);
    expect(`${page.origin}${page.pathname}`).toBe(`${SITE}/confirm-signup`);
    const verify = page.searchParams.get('confirmation_url')!;
    expect(verify).toMatch(/\/auth\/v1\/verify\?token=[^&]+&type=magiclink&redirect_to=/);
    const res = await fetch(verify, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('#access_token=');
  });
});

describe(`security notices (${driverName})`, () => {
  it('password_changed: from its template, to the account', async () => {
    const { email, client } = await confirmedUser({ first_name: 'Bo' });
    expect((await client.auth.updateUser({ password: 'another horse battery' })).error).toBeNull();
    const mail = await lastMail(s, email, 'password_changed_notification');
    expect(mail.subject).toBe('Your password has been changed');
    expect(mail.html).toBe(`<p>This is a confirmation that the password for your account ${email} has just been changed.</p><p>Signed, for Bo</p>`);
  });

  it('email_changed: to the old address, naming both, once the change is confirmed', async () => {
    const { email, client } = await confirmedUser();
    const next = newEmail();
    expect((await client.auth.updateUser({ email: next })).error).toBeNull();
    expect((await inbox(s, email)).some((m) => m.kind === 'email_changed_notification')).toBe(false);
    const change = await lastMail(s, next, 'email_change');
    expect(change.html).toContain(`<p>To ${next}: confirm ${email} becoming ${next}</p>`);
    const hash = /token=([^&\s]+)/.exec(change.text)![1]!;
    expect((await client.auth.verifyOtp({ token_hash: hash, type: 'email_change' })).error).toBeNull();
    const notice = await lastMail(s, email, 'email_changed_notification');
    expect(notice.subject).toBe('Your email address was changed');
    expect(notice.text).toContain(`from ${email} to ${next}`);
  });

  it('phone_changed and identity_linked when a number is added and confirmed', async () => {
    const { email, client } = await confirmedUser();
    expect((await client.auth.updateUser({ phone: '+15550009999' })).error).toBeNull();
    expect((await client.auth.verifyOtp({ phone: '+15550009999', token: '123456', type: 'phone_change' })).error).toBeNull();
    const kinds = (await inbox(s, email)).map((m) => m.kind);
    expect(kinds).toContain('phone_changed_notification');
    expect(kinds).toContain('identity_linked_notification');
    expect((await lastMail(s, email, 'identity_linked_notification')).text).toContain('phone can now be used to sign in');
  });

  it('mfa_factor_enrolled when a factor is first verified; a notice left off is not sent', async () => {
    const { email, client } = await confirmedUser();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const code = TOTP.generate({ secret: Secret.fromBase32(factor!.totp.secret) });
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code })).error).toBeNull();
    const notice = await lastMail(s, email, 'mfa_factor_enrolled_notification');
    expect(notice.html).toBe(`<p>A new factor (totp) has been enrolled for your account ${email}.</p>`);
    expect((await client.auth.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();
    expect((await inbox(s, email)).map((m) => m.kind)).not.toContain('mfa_factor_unenrolled_notification');
  });
});
