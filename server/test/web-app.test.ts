import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'gather-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Gather</title><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(join(web, 'assets', 'index-AbC123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(web, 'robots.txt'), 'User-agent: *\n');
  s = await startTestServer({ web });
});
afterAll(() => s.stop());

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the web app', () => {
  it('serves index.html at / without long caching', async () => {
    const res = await s.fetch('/', { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Gather</title>');
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

  it('answers client-side routes with the app, including /auth pages', async () => {
    for (const path of ['/events/board-games-night', '/auth/sign-in', '/u/ada']) {
      const res = await s.fetch(path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
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
