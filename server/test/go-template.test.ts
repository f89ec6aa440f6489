import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate, TemplateError } from '../src/mail/go-template.ts';

// Decision 0237: GoTrue renders Auth's emails with Go's html/template; these are Go's results
// for the same templates and data (JSON metadata is map[string]any of float64, string, …).

const html = (src: string, data: Record<string, unknown> = {}) => renderTemplate(parseTemplate(src, 't'), data, 'html');
const text = (src: string, data: Record<string, unknown> = {}) => renderTemplate(parseTemplate(src, 't'), data, 'text');
const data = { Email: 'ann@example.com', Data: { name: 'Ann', tags: ['a', 'b'], age: 30, big: 1000000, ratio: 1.5, empty: {} } };

describe('Go template language', () => {
  it('range with index and element, over maps in key order, else when empty, break and continue', () => {
    expect(text('{{range $i, $e := .Data.tags}}{{$i}}={{$e}};{{else}}none{{end}}', data)).toBe('0=a;1=b;');
    expect(text('{{range .Data.none}}x{{else}}none{{end}}', data)).toBe('none');
    expect(text('{{range $k, $v := .M}}{{$k}}:{{$v}} {{end}}', { M: { b: 2, a: 1 } })).toBe('a:1 b:2 ');
    expect(text('{{range .L}}{{if eq . 2}}{{continue}}{{end}}{{if eq . 4}}{{break}}{{end}}{{.}}{{end}}', { L: [1, 2, 3, 4, 5] })).toBe('13');
  });

  it('with / else with, variables declared and assigned, $ as the root', () => {
    expect(text('{{with .Data.name}}Hi {{.}}{{else}}Hi there{{end}}', data)).toBe('Hi Ann');
    expect(text('{{with .Data.nick}}{{.}}{{else with .Data.name}}{{.}}!{{end}}', data)).toBe('Ann!');
    expect(text('{{$x := 1}}{{if true}}{{$x = 2}}{{end}}{{$x}}', {})).toBe('2');
    expect(text('{{range .Data.tags}}{{$.Email}} {{end}}', data)).toBe('ann@example.com ann@example.com ');
  });

  it('pipelines and the built-in functions', () => {
    expect(text('{{ .Data.name | printf "%q" }}', data)).toBe('"Ann"');
    expect(text('{{ "x" | printf "%s-%s" "a" }}', data)).toBe('a-x');
    expect(text('{{ or .Data.nick .Data.name "friend" }} {{ and .Data.name .Data.nick }}|', data)).toBe('Ann |');
    expect(text('{{ len .Data.tags }} {{ index .Data.tags 1 }} {{ index .Data "name" }} {{ slice .Email 0 3 }}', data)).toBe('2 b Ann ann');
    expect(text('{{ if gt (len .Data.tags) 1 }}many{{ end }}{{ if lt .Data.age 18.5 }}minor{{ else }}adult{{ end }}', data)).toBe('manyadult');
    expect(text('{{ print 1 2 "x" 3 }} {{ urlquery "a b&c" }} {{ html "<i>" }}', {})).toBe('1 2x3 a+b%26c &lt;i&gt;');
  });

  it('define, template and block', () => {
    expect(text('{{define "greet"}}Hello {{.}}{{end}}{{template "greet" .Data.name}}.', data)).toBe('Hello Ann.');
    expect(text('{{block "sig" .}}— {{.Email}}{{end}}', data)).toBe('— ann@example.com');
  });

  it("prints values as Go's fmt does, and nothing for a missing key", () => {
    expect(text('{{.Data.age}} {{.Data.big}} {{.Data.ratio}} {{.Data.tags}} {{.Data.empty}} [{{.Data.missing}}]', data)).toBe('30 1e+06 1.5 [a b] map[] []');
    expect(text('{{.M}}', { M: { b: 'x', a: 1 } })).toBe('map[a:1 b:x]');
    expect(text('{{ if .Data.empty }}x{{ else }}empty map is false{{ end }}', data)).toBe('empty map is false');
  });

  it('errors as Go reports them: at parse, or when run', () => {
    expect(() => parseTemplate('{{ if .A }}x', 'confirmation')).toThrow(TemplateError);
    expect(() => parseTemplate('{{ nosuch .A }}', 'c')).not.toThrow();
    expect(() => text('{{ nosuch .A }}')).toThrow(/function "nosuch" not defined/);
    expect(() => text('{{ if eq .Data.age "30" }}x{{ end }}', data)).toThrow(/incompatible types for comparison/);
    expect(() => text('{{ .Email.domain }}', data)).toThrow(/can't evaluate field domain/);
    expect(() => parseTemplate('{{ break }}', 'c')).toThrow(/outside \{\{range\}\}/);
  });
});

describe("html/template's escaping by context", () => {
  const url = 'http://127.0.0.1:54321/auth/v1/verify?token=pkce_ab&type=signup&redirect_to=http://localhost:3000/a b';
  it('escapes text, keeps a URL attribute a URL, escapes a value inside a query', () => {
    expect(html('<p>{{ .X }}</p>', { X: `<b>"Tom" & 'Jerry' +1` })).toBe('<p>&lt;b&gt;&#34;Tom&#34; &amp; &#39;Jerry&#39; &#43;1</p>');
    expect(html('<a href="{{ .U }}">go</a>', { U: url })).toBe(
      '<a href="http://127.0.0.1:54321/auth/v1/verify?token=pkce_ab&amp;type=signup&amp;redirect_to=http://localhost:3000/a%20b">go</a>',
    );
    expect(html('<a href="{{ .S }}/confirm?confirmation_url={{ .U }}&x=1">', { S: 'http://localhost:3000', U: url })).toBe(
      '<a href="http://localhost:3000/confirm?confirmation_url=http%3a%2f%2f127.0.0.1%3a54321%2fauth%2fv1%2fverify%3ftoken%3dpkce_ab%26type%3dsignup%26redirect_to%3dhttp%3a%2f%2flocalhost%3a3000%2fa%20b&x=1">',
    );
  });

  it('refuses unsafe URL schemes, drops HTML comments, filters CSS', () => {
    expect(html("<a href='{{ .U }}'>x</a>", { U: 'javascript:alert(1)' })).toBe("<a href='#ZgotmplZ'>x</a>");
    expect(html('<!-- secret {{ .X }} --><p>{{ .X }}</p>', { X: 'y' })).toBe('<p>y</p>');
    expect(html('<p style="color: {{ .C }}">', { C: 'red' })).toBe('<p style="color: red">');
    expect(html('<p style="color: {{ .C }}">', { C: 'expression(alert(1))' })).toBe('<p style="color: ZgotmplZ">');
  });
});

describe("Gather's own templates (supabase/templates)", () => {
  it('parse and render in every language branch with the link intact', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const dir = new URL('../../supabase/templates/', import.meta.url);
    const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=http://localhost:5173/';
    for (const f of readdirSync(dir)) {
      const t = parseTemplate(readFileSync(new URL(f, dir), 'utf8'), f);
      for (const locale of ['de', 'es', 'fr', 'pt-BR', 'en']) {
        const out = renderTemplate(t, { ConfirmationURL: link, Token: '123456', SiteURL: 'http://localhost:5173', Email: 'a@b.c', NewEmail: 'n@b.c', Data: { locale } }, 'html');
        if (f !== 'reauthentication.html') expect(out).toContain(link.replaceAll('&', '&amp;'));
        else expect(out).toContain('123456');
      }
    }
  });
});
