import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectCleanScreen } from './support/layout.ts';
import { ENGINES_SLUG, ENGINES_TITLE, heading, signIn } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

/**
 * The GTM container id the build under test was made with: E2E_GTM_ID, or read from the built
 * app chunk (the entry's before decision 0195). The normal build has none (and then no analytics
 * runs at all), so this file needs a build made with VITE_GTM_ID; see decision 0077.
 */
function builtGtmId(): string | undefined {
  if (process.env.E2E_GTM_ID) return process.env.E2E_GTM_ID;
  const web = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../web/dist', import.meta.url));
  try {
    const dir = `${web}/assets`;
    for (const file of readdirSync(dir).filter((f) => /^(index|start-app)-.*\.js$/.test(f))) {
      const found = /gtmId:\s*[`"'](GTM-[A-Z0-9]+)[`"']/.exec(readFileSync(`${dir}/${file}`, 'utf8'));
      if (found) return found[1];
    }
  } catch {
    // no build: use-app.ts says so
  }
  return undefined;
}

const GTM_ID = builtGtmId();
if (!GTM_ID) {
  console.log(
    'analytics-consent: skipped — the web build has no GTM container id. Build one with ' +
      '`VITE_GTM_ID=GTM-TEST123 npx vite build --outDir /tmp/gtm-dist` and run with E2E_WEB_DIST=/tmp/gtm-dist.',
  );
}

const app = useApp();

/** A context whose requests to Google Tag Manager get a stub script (there is no internet). */
async function gtmContext(width = 1280): Promise<{ context: BrowserContext; page: Page; gtmRequests: string[] }> {
  const context = await app.browser.newContext({ viewport: { width, height: 800 } });
  const gtmRequests: string[] = [];
  await context.route('https://www.googletagmanager.com/**', async (route) => {
    gtmRequests.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmStubRuns = (window.__gtmStubRuns || 0) + 1;' });
  });
  return { context, page: await context.newPage(), gtmRequests };
}

/** window.dataLayer as plain JSON: gtag's Arguments objects become arrays. */
function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]' ? Array.from(e as ArrayLike<unknown>) : e,
    ),
  );
}
const eventsIn = (layer: unknown[]) =>
  layer.filter((e): e is { event: string } => !Array.isArray(e) && typeof (e as { event?: unknown }).event === 'string');
const named = (layer: unknown[], name: string) => eventsIn(layer).filter((e) => e.event === name);

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on Gather' });

declare global {
  interface Window {
    dataLayer?: unknown[];
    __gtmStubRuns?: number;
  }
}

describe.skipIf(!GTM_ID)('analytics with consent (GTM build)', () => {
  it('asks first, sends nothing and loads no GTM before consent', async () => {
    const { context, page, gtmRequests } = await gtmContext();
    await page.goto(app.server.url);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Discover events');
    await banner(page).waitFor();

    // Client-side navigation without consent: still nothing.
    await page.getByRole('link', { name: ENGINES_TITLE }).first().click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(ENGINES_TITLE);

    const layer = await dataLayer(page);
    expect(layer).toEqual([
      ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 }],
    ]);
    expect(await page.locator('script#gtm').count()).toBe(0);
    expect(gtmRequests).toEqual([]);
    // Non-blocking: the page stays usable behind it.
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await context.close();
  });

  it('after "Accept all": grants, loads the container once and pushes typed events', async () => {
    const { context, page, gtmRequests } = await gtmContext();
    await page.goto(app.server.url);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Discover events');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await banner(page).waitFor({ state: 'detached' });

    await expect.poll(() => gtmRequests).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);
    await expect.poll(() => page.evaluate(() => window.__gtmStubRuns)).toBe(1);
    let layer = await dataLayer(page);
    expect(layer.slice(0, 3)).toEqual([
      ['consent', 'default', expect.objectContaining({ analytics_storage: 'denied' })],
      ['consent', 'update', { analytics_storage: 'granted' }],
      { 'gtm.start': expect.any(Number), event: 'gtm.js' },
    ]);
    // The page on screen counts once consent is given; then every route change.
    expect(named(layer, 'page_view')).toEqual([{ event: 'page_view', page_path: '/', page_title: 'Discover events · Gather' }]);
    await page.getByRole('link', { name: ENGINES_TITLE }).first().click();
    await expect.poll(async () => named(await dataLayer(page), 'page_view').map((e) => (e as { page_path?: string }).page_path)).toEqual([
      '/',
      `/events/${ENGINES_SLUG}`,
    ]);

    // Signing in is a `login`.
    await signIn(page, app.server.url, 'grace@example.com', '/');
    await expect.poll(async () => named(await dataLayer(page), 'login')).toEqual([{ event: 'login', method: 'password' }]);

    // Remembered: after a reload the container loads at once and no banner asks again.
    await page.reload();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Discover events');
    await expect.poll(() => page.locator('script#gtm').count()).toBe(1);
    // The heading is the HTML's first screen (decision 0169): the app counts the page once it runs.
    await expect.poll(async () => named(await dataLayer(page), 'page_view').length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await banner(page).count()).toBe(0);
    layer = await dataLayer(page);
    expect(layer[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(named(layer, 'page_view')).toHaveLength(1);
    await context.close();
  });

  it('after "Reject all": no container and no events, also across pages', async () => {
    const { context, page, gtmRequests } = await gtmContext();
    await page.goto(app.server.url);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: ENGINES_TITLE }).first().click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(ENGINES_TITLE);
    await page.reload();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(ENGINES_TITLE);
    expect(await banner(page).count()).toBe(0);
    expect(eventsIn(await dataLayer(page))).toEqual([]);
    expect(gtmRequests).toEqual([]);
    await context.close();
  });

  it('withdraws consent from the footer and from /settings', async () => {
    const { context, page } = await gtmContext();
    await page.goto(app.server.url);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(async () => named(await dataLayer(page), 'page_view')).toHaveLength(1);

    // Footer: "Cookie settings" reopens the choices, with the focus on them.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cookies on Gather');
    await banner(page).getByLabel('Analytics').uncheck();
    await banner(page).getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(async () => (await dataLayer(page)).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    await page.getByRole('link', { name: ENGINES_TITLE }).first().click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(ENGINES_TITLE);
    expect(named(await dataLayer(page), 'page_view')).toHaveLength(1);

    // /settings: the same choice, for a signed-in member.
    await signIn(page, app.server.url, 'alan@example.com', '/settings');
    const cookies = page.getByRole('region', { name: 'Cookies' });
    expect(await cookies.getByLabel('Analytics').isChecked()).toBe(false);
    await cookies.getByLabel('Analytics').check();
    await cookies.getByRole('button', { name: 'Save cookie preferences' }).click();
    await page.getByText('Cookie preferences saved').first().waitFor();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('gather.consent.v1')))!)).toMatchObject({ analytics: true, media: true });
    await expect.poll(async () => (await dataLayer(page)).at(-1)).toEqual(
      expect.objectContaining({ event: 'page_view', page_path: '/settings' }),
    );
    await context.close();
  });

  for (const width of [360, 1280]) {
    it(`the banner has no serious a11y issue and is reachable by keyboard at ${width}px`, async () => {
      const { context, page } = await gtmContext(width);
      await page.goto(app.server.url);
      await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Discover events');
      await banner(page).getByRole('button', { name: 'Settings' }).click();
      await banner(page).getByLabel('Analytics').waitFor();
      await expectCleanScreen(page);
      // Keyboard: Tab moves into the banner's controls (it is the page's last region).
      await page.getByRole('button', { name: 'Cookie settings' }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-labelledby'))).toBe('consent-title');
      await context.close();
    });
  }
});
