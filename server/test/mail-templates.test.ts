import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/load-config.ts';
import { parseTemplate, renderTemplate, TemplateError } from '../src/mail/go-template.ts';
import { followLink, lastMail, linkIn } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Auth's emails from config.toml's [auth.email.template.<type>] subject + content_path, written
// once per language with Go template branches on the user's metadata (decision 0206).

const render = (source: string, data: Record<string, unknown>, mode?: 'html' | 'text') => renderTemplate(parseTemplate(source, 't'), data, mode);

describe('Go templates in the forms Supabase documents', () => {
  it('prints fields and metadata, and picks the branch whose condition holds', () => {
    const t = '{{ if eq .Data.locale "fr" }}Bonjour{{ else if eq .Data.locale "de" "at" }}Hallo{{ else }}Hi{{ end }} {{ .Email }}';
    expect(render(t, { Email: 'a@b.c', Data: { locale: 'fr' } })).toBe('Bonjour a@b.c');
    expect(render(t, { Email: 'a@b.c', Data: { locale: 'at' } })).toBe('Hallo a@b.c');
    expect(render(t, { Email: 'a@b.c', Data: {} })).toBe('Hi a@b.c');
    expect(render('{{ if .Data.name }}x{{ end }}{{ if not .Data.name }}y{{ end }}{{ if ne .A "b" }}z{{ end }}', { A: 'c', Data: {} })).toBe('yz');
  });

  it('trims around {{- and -}}, skips comments, escapes values but not the template', () => {
    expect(render('<p>\n  {{- /* note */ -}}\n  {{ .X }}\n</p>', { X: '<b>&"' }, 'html')).toBe('<p>&lt;b&gt;&amp;&#34;\n</p>');
    expect(render('a {{- /* c */ -}} b', {})).toBe('ab');
    expect(render('{{ .Missing }}|', {})).toBe('|');
  });

  it('refuses a template that does not parse, saying where', () => {
    expect(() => parseTemplate('{{ if eq .A }}x', 's')).toThrow(TemplateError);
    expect(() => parseTemplate('{{ if .A }}x', 's')).toThrow(/never closed/);
    expect(() => parseTemplate('{{ end }}', 's')).toThrow(/s:1: \{\{ end \}\}: unexpected end/);
    expect(() => parseTemplate('a\n{{ .A | }}', 's')).toThrow(/s:2: .*missing command after \|/);
  });
});

let dir: string;
let s: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gather-mail-templates-'));
  const project = join(dir, 'supabase');
  mkdirSync(join(project, 'templates'), { recursive: true });
  writeFileSync(
    join(project, 'config.toml'),
    `[auth]
site_url = "http://localhost:3000"
[auth.email]
enable_confirmations = true
[auth.email.template.confirmation]
subject = '''{{ if eq .Data.locale "de" }}Bestätige deine E-Mail{{ else }}Confirm your email{{ end }}'''
content_path = "./supabase/templates/confirm.html"
[auth.email.template.recovery]
subject = '''{{ if eq .Data.locale "de" }}Passwort zurücksetzen{{ else }}Reset your password{{ end }}'''
`,
  );
  writeFileSync(
    join(project, 'templates', 'confirm.html'),
    `<html><body>
{{ if eq .Data.locale "de" -}}
<p>Hallo {{ .Data.display_name }}, bestätige {{ .Email }}:</p>
<p><a href="{{ .ConfirmationURL }}">Bestätigen</a></p>
<p>Code: <strong>{{ .Token }}</strong></p>
{{- else -}}
<p>Hi, confirm {{ .Email }}:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm</a></p>
{{- end }}
</body></html>`,
  );
  s = await startTestServer({ project, maxFrequency: '0s', rateLimitSignInSignUps: '1000', rateLimitTokenVerifications: '1000' });
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`auth emails from config.toml's templates (${driverName})`, () => {
  it("writes the confirmation in the language of the new member's metadata, with a link that works", async () => {
    const email = `de-${Date.now()}@example.com`;
    const { error } = await s.anon().auth.signUp({ email, password: 'correct horse', options: { data: { locale: 'de', display_name: 'Jonas <J>' } } });
    expect(error).toBeNull();
    const mail = await lastMail(s, email, 'confirmation');
    expect(mail.subject).toBe('Bestätige deine E-Mail');
    expect(mail.html).toContain('<p>Hallo Jonas &lt;J&gt;, bestätige');
    expect(mail.html).not.toContain('Confirm');
    expect(mail.text).toMatch(/^Hallo Jonas <J>, bestätige de-\d+@example\.com:\n\nBestätigen: http:\/\/\S+\/auth\/v1\/verify\?token=\S+&type=signup/);
    expect(mail.text).toMatch(/Code: \d{6}/);
    const { location } = await followLink(linkIn(mail));
    expect(location).toContain('#access_token=');

    const other = `en-${Date.now()}@example.com`;
    await s.anon().auth.signUp({ email: other, password: 'correct horse' });
    const english = await lastMail(s, other, 'confirmation');
    expect(english.subject).toBe('Confirm your email');
    expect(english.text).toContain('Hi, confirm');
  });

  it('takes a subject alone and keeps the built-in body, in the user metadata language', async () => {
    const email = `reset-${Date.now()}@example.com`;
    await s.service().auth.admin.createUser({ email, password: 'correct horse', email_confirm: true, user_metadata: { locale: 'de' } });
    await s.anon().auth.resetPasswordForEmail(email);
    const mail = await lastMail(s, email, 'recovery');
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toContain('Reset your password: http');
  });

  it('stops start-up naming a template file that is not there', () => {
    writeFileSync(
      join(dir, 'supabase', 'config.toml'),
      `[auth.email.template.invite]\ncontent_path = "./supabase/templates/missing.html"\n`,
    );
    expect(() => loadConfig({ project: join(dir, 'supabase'), db: 'memory' }, {})).toThrow(ConfigError);
    expect(() => loadConfig({ project: join(dir, 'supabase'), db: 'memory' }, {})).toThrow(/\[auth\.email\.template\.invite\] content_path: no file at .*missing\.html/);
  });
});
