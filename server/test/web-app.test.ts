import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const INDEX = '<!doctype html><html lang="en"><head><!-- page-head --><title>Gather</title><!-- /page-head --></head><body><div id="root"><!-- page-body --><!-- /page-body --></div><script type="module" crossorigin src="/assets/index-AbC123.js"></script></body></html>';

/** A function that answers with the page it was asked about, the caller's role and a serial number. */
const HEAD_FUNCTION = `
let calls = 0;
Deno.serve((req) => {
  const url = new URL(req.url);
  const path = url.searchParams.get('path');
  if (path === '/broken') return new Response('no', { status: 500 });
  if (path === '/plain') return Response.json({ head: '' });
  // A first screen: the function's own markup, spliced as given; one too large is left out.
  if (path === '/events/with-body') return Response.json({ head: '<title>b</title>', body: '<main><h1 class="x">Jazz &amp; co</h1></main>' });
  if (path === '/events/huge-body') return Response.json({ head: '<title>h</title>', body: '<p>' + 'x'.repeat(200 * 1024) + '</p>' });
  const token = (req.headers.get('authorization') ?? '').split('.')[1] ?? '';
  const role = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/'))).role;
  const safe = (s) => s.replace(/[<&"]/g, '_');
  const lang = '<meta name="lang" content="' + safe(req.headers.get('accept-language') ?? '') + '">';
  const head = '<title>' + safe(path) + ' ' + safe(url.searchParams.get('origin')) + ' ' + role + ' #' + (++calls) + '</title>' + lang;
  // Names its language as page-head does: the first Accept-Language tag, when it looks like one.
  const first = (req.headers.get('accept-language') ?? '').split(',')[0].split(';')[0].trim();
  return Response.json(path === '/events/lang-injection' ? { head, lang: 'en" onload="x' } : { head, ...(first && first !== '*' ? { lang: first } : {}) });
});`;

let s: TestServer;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'gather-web-'));
  const project = mkdtempSync(join(tmpdir(), 'gather-web-project-'));
  mkdirSync(join(project, 'functions', 'head'), { recursive: true });
  writeFileSync(join(project, 'functions', 'head', 'index.ts'), HEAD_FUNCTION);
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(
    join(web, '_head.json'),
    JSON.stringify({
      function: 'head',
      maxAge: 60,
      routes: [
        { pattern: '/', preload: ['/assets/home-1.js'] },
        { pattern: '/events/new', head: false },
        { pattern: '/events/*', preload: ['/assets/event-1.js'] },
        { pattern: '/broken' },
        { pattern: '/plain' },
      ],
    }),
  );
  writeFileSync(join(web, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(join(web, 'assets', 'index-AbC123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(web, 'robots.txt'), 'User-agent: *\n');
  s = await startTestServer({ web, project });
});
afterAll(() => s.stop());

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the web app', () => {
  it('serves index.html at / without long caching', async () => {
    const res = await s.fetch('/', { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const res = await s.fetch('/assets/index-AbC123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('sends the precompressed copy to browsers that accept it, the plain file to others', async () => {
    const br = await s.fetch('/assets/index-AbC123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe('console.log(1)');
    const plain = await s.fetch('/assets/index-AbC123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('answers client-side routes with the app, including /auth pages, to browsers and link previewers', async () => {
    // `/assets/` is a folder of the build: a page path all the same.
    for (const path of ['/events/board-games-night', '/auth/sign-in', '/u/ada', '/assets/', '/assets']) {
      for (const accept of [html.accept, '*/*', undefined]) {
        const res = await s.fetch(path, { headers: accept ? { accept } : {} });
        expect(res.status, `${path} ${accept}`).toBe(200);
        expect(await res.text()).toContain('<div id="root">');
      }
    }
  });

  it('keeps API 404s and missing files as real 404s', async () => {
    const api = await s.fetch('/rest/v1/nope/deeper', { headers: html });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'PGRST125' });
    const asset = await s.fetch('/assets/missing.js');
    expect(asset.status).toBe(404);
    expect(await s.fetch('/robots.txt').then((r) => r.text())).toContain('User-agent');
  });
});

describe("a page's own head (_head.json)", () => {
  const title = async (path: string, headers: Record<string, string> = {}) =>
    /<title>([^<]*)<\/title>/.exec(await (await s.fetch(path, { headers: { ...html, ...headers } })).text())?.[1];

  it("asks the named function as anon with the page's path and origin, and splices its head in", async () => {
    const res = await s.fetch('/events/jazz?ref=x', { headers: html });
    const body = await res.text();
    expect(body).toMatch(new RegExp(`<title>/events/jazz\\?ref=x ${s.url} anon #\\d+</title>`));
    expect(body).not.toContain('page-head');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/event-1.js">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // A signed-in browser's token never reaches the function: the HTML is the same for everyone.
    expect(await title('/events/other', { authorization: `Bearer ${s.keys.serviceRoleKey}` })).toMatch(/ anon #/);
  });

  it('reuses a head for maxAge, per page and query', async () => {
    const first = await title('/events/cached');
    expect(await title('/events/cached')).toBe(first);
    expect(await title('/events/cached?x=1')).not.toBe(first);
    expect(await title('/')).toMatch(/^\/ /);
  });

  it("passes the reader's Accept-Language to the function and keeps a head per language", async () => {
    const page = async (language: string) => {
      const res = await s.fetch('/events/languages', { headers: { ...html, 'accept-language': language } });
      expect(res.headers.get('vary')).toContain('Accept-Language');
      const body = await res.text();
      return { lang: /<meta name="lang" content="([^"]*)">/.exec(body)?.[1], title: /<title>([^<]*)<\/title>/.exec(body)?.[1] };
    };
    const fr = await page('fr-FR,fr;q=0.9');
    expect(fr.lang).toBe('fr-FR,fr;q=0.9');
    const de = await page('de');
    expect(de.lang).toBe('de');
    expect(de.title).not.toBe(fr.title); // asked again, not the French page from the cache
    expect((await page('fr-FR,fr;q=0.9')).title).toBe(fr.title); // the French one is reused
  });

  it("puts the head's language and its direction on <html>, and only a real language tag", async () => {
    const body = async (path: string, language: string) =>
      (await s.fetch(path, { headers: { ...html, 'accept-language': language } })).text();
    expect(await body('/events/in-german', 'de-AT,de;q=0.9')).toMatch(/^<!doctype html><html lang="de-AT" dir="ltr">/);
    // The first screen is drawn before the app sets them: right to left where the language is.
    expect(await body('/events/in-hebrew', 'he-IL')).toMatch(/^<!doctype html><html lang="he-IL" dir="rtl">/);
    const injected = await body('/events/lang-injection', 'fr');
    expect(injected).toMatch(/^<!doctype html><html lang="en">/);
    expect(injected).not.toContain('onload');
  });

  it('keeps the generic head where the function says nothing, fails, or the route wants none', async () => {
    expect(await title('/plain')).toBe('Gather');
    expect(await title('/broken')).toBe('Gather');
    expect(await title('/events/new')).toBe('Gather');
    expect(await title('/settings')).toBe('Gather');
    const page = await (await s.fetch('/settings', { headers: html })).text();
    expect(page).toContain('<head><title>Gather</title></head>');
  });

  it("puts the function's first screen inside the root element, as given, within a size bound", async () => {
    const page = async (path: string) => (await s.fetch(path, { headers: html })).text();
    const withBody = await page('/events/with-body');
    expect(withBody).toContain('<div id="root"><main><h1 class="x">Jazz &amp; co</h1></main></div>');
    // It paints from the HTML: its entry is there, but no module preload fetches the page's code
    // before that paint (decision 0195); a page without a first screen keeps them.
    expect(withBody).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js">');
    expect(withBody).not.toContain('modulepreload');
    const plainOne = await page('/events/plain-one');
    expect(plainOne).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js">');
    expect(plainOne).toContain('<link rel="modulepreload" crossorigin href="/assets/event-1.js"></head>');
    const huge = await page('/events/huge-body');
    expect(huge).toContain('<title>h</title>');
    expect(huge).toContain('<div id="root"></div>');
    // No first screen: the root stays empty, and the markers go.
    const plain = await page('/plain');
    expect(plain).toContain('<div id="root"></div>');
    expect(plain).not.toContain('page-body');
  });

  it('compresses the page and answers 304 to a repeat', async () => {
    const br = await s.fetch('/events/zip', { headers: { ...html, 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('/events/zip');
    const etag = br.headers.get('etag')!;
    expect((await s.fetch('/events/zip', { headers: { ...html, 'if-none-match': etag } })).status).toBe(304);
  });
});
