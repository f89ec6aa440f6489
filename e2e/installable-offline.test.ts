import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, ENGINES_SLUG, ENGINES_TITLE, heading, signIn } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
// The machine is shared: polls get 15 s, not vitest's default 1 s.
const SLOW = { timeout: 15_000 };

/** Whether every hashed file the page loaded is in the service worker's cache. */
function allAssetsKept(): Promise<boolean> {
  return (async () => {
    if (!navigator.serviceWorker.controller) return false;
    const cache = await caches.open('gather-assets');
    const kept = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
    const loaded = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'));
    return loaded.length > 0 && loaded.every((u) => kept.has(u.pathname));
  })();
}

describe('installable, and usable at the door without a network', () => {
  it('has a web app manifest whose icons answer at their stated sizes', async () => {
    const html = await (await fetch(app.server.url)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const res = await fetch(`${app.server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as { start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons.filter((i) => i.sizes !== 'any')) {
      const image = await fetch(`${app.server.url}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
    }
    const sw = await fetch(`${app.server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
  });

  it('opens the ticket page offline after one online visit, with its QR, and an offline page elsewhere', async () => {
    // Grace is going to the Analytical Engines evening.
    const grace = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
    const signedIn = await grace.auth.signInWithPassword({ email: 'grace@example.com', password: DEMO_PASSWORD });
    if (signedIn.error) throw signedIn.error;
    const { data: event } = await grace.from('events').select('id').eq('slug', ENGINES_SLUG).single();
    const rsvp = await grace.rpc('rsvp', { event_id: event!.id, guests: 0 });
    if (rsvp.error) throw rsvp.error;
    const ticketPath = `/tickets/${(rsvp.data as { rsvp_id: string }).rsvp_id}`;

    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, app.server.url, 'grace@example.com', ticketPath);
    await expect.poll(() => heading(page), SLOW).toBe(ENGINES_TITLE);
    const code = (await page.getByTestId('ticket-code').textContent()) ?? '';
    await page.getByRole('img', { name: /^QR code of the ticket for / }).waitFor();
    // The worker controls the page and keeps every file this visit loaded.
    await expect.poll(() => page.evaluate(allAssetsKept), SLOW).toBe(true);

    // At the door: no network at all. The page opens from the worker and the saved ticket.
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => heading(page), SLOW).toBe(ENGINES_TITLE);
    expect(await page.getByTestId('ticket-code').textContent()).toBe(code);
    await page.getByRole('img', { name: /^QR code of the ticket for / }).waitFor();
    await page.getByText(/^You're offline\. This is the copy saved on this device on /).waitFor();

    // Elsewhere, the offline page (Discover needs the network).
    await page.goto(app.server.url + '/');
    await expect.poll(() => heading(page), SLOW).toBe("You're offline");
    await page.getByRole('link', { name: 'My events', includeHidden: true }).waitFor({ state: 'attached' });

    // Back online, the app as usual.
    await context.setOffline(false);
    await page.goto(app.server.url + ticketPath);
    await expect.poll(() => heading(page), SLOW).toBe(ENGINES_TITLE);
    expect(await page.getByText(/^You're offline/).count()).toBe(0);
    // Network failures while offline are expected; nothing else.
    expect(errors.filter((e) => !/Failed to (load resource|fetch)|ERR_INTERNET_DISCONNECTED|NetworkError|WebSocket/i.test(e))).toEqual([]);
    await context.close();
  });

  it('shows an event card above the fold on a 390 px phone', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(app.server.url);
    const card = page.locator('main article').first();
    await card.waitFor(SLOW);
    const title = card.getByRole('heading', { level: 2 });
    const box = (await title.boundingBox())!;
    // The first card's title is on the first screen, without scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // Search on top; the other filters behind one button that counts them.
    await page.getByRole('searchbox', { name: 'Search events' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Category' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('combobox', { name: 'Category' }).selectOption('tech');
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await page.getByRole('button', { name: 'Filters (1 active)' }).waitFor(SLOW);
    expect(new URL(page.url()).searchParams.get('category')).toBe('tech');
    await context.close();
  });
});
