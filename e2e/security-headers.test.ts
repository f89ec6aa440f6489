import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageWithHead } from '../web/deploy/page-head-middleware.ts';
import { ENGINES_SLUG, ENGINES_TITLE } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// Decision 0099: the web app is served with a Content-Security-Policy, Referrer-Policy and
// frame-ancestors (from the build's `_headers`), and the app passes its own policy: Discover
// (list and map), an event page with its venue map and its video facade played produce no
// violation. The machine is offline: tiles and the YouTube player are answered locally.

const app = useApp();
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPYu3srAASMAlD4WxRYAAAAAElFTkSuQmCC', 'base64');

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** A context that records every CSP violation (the DOM event and the console's report). */
async function watchedPage(): Promise<{ context: BrowserContext; page: Page; violations: () => Promise<string[]> }> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }));
  await context.route(/youtube-nocookie\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>player</title>' }));
  await context.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __csp: Violation[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }));
  });
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) console.push(m.text());
  });
  return {
    context,
    page,
    violations: async () => [
      ...console,
      ...(await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp)).map((v) => `${v.directive} blocked ${v.blocked} (${v.source})`),
    ],
  };
}

describe('the web app\'s security headers', () => {
  it('are sent on pages and files, never on API answers', async () => {
    for (const path of ['/', `/events/${ENGINES_SLUG}`, '/favicon.svg']) {
      const res = await fetch(app.server.url + path);
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const api = await fetch(`${app.server.url}/rest/v1/events?select=id&limit=1`, { headers: { apikey: app.server.keys.anonKey } });
    expect(api.headers.get('content-security-policy')).toBeNull();
  });

  it('are sent by the static hosts\' page middleware too', async () => {
    const asset = (path: string) => fetch(`${app.server.url}${path}`);
    const res = await pageWithHead(new Request(`https://events.example/events/${ENGINES_SLUG}`), { supabaseUrl: app.server.url, anonKey: app.server.keys.anonKey, asset });
    expect(res!.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res!.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('Discover, its map, and an event page with its map and video produce no violation', { timeout: 90_000 }, async () => {
    const { context, page, violations } = await watchedPage();
    await page.goto(app.server.url);
    await page.getByRole('link', { name: ENGINES_TITLE }).first().waitFor({ timeout: 20_000 });
    await page.goto(`${app.server.url}/?view=map`);
    await page.getByRole('region', { name: 'Map of events' }).waitFor({ timeout: 20_000 });
    await page.locator('.leaflet-tile-loaded').first().waitFor({ timeout: 20_000 });
    expect(await violations()).toEqual([]);

    await page.goto(`${app.server.url}/events/${ENGINES_SLUG}`);
    await page.getByRole('heading', { level: 1, name: ENGINES_TITLE }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Show map' }).click();
    await page.locator('.leaflet-container').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: `Play video: ${ENGINES_TITLE}` }).click();
    // What the policy must allow has loaded: the player's frame and the venue map's tiles (not
    // "networkidle", which any slow request elsewhere on a loaded machine holds off past 30 s).
    const player = await page.locator('iframe[title$="(YouTube video)"]').elementHandle();
    await (await player!.contentFrame())!.waitForLoadState('load');
    await page.locator('.leaflet-tile-loaded').first().waitFor({ timeout: 20_000 });
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('cannot be framed by another page', async () => {
    const { context, page, violations } = await watchedPage();
    await page.setContent(`<iframe src="${app.server.url}/" title="app"></iframe>`);
    await expect.poll(async () => (await violations()).some((v) => v.includes('frame-ancestors'))).toBe(true);
    await context.close();
  });
});
