// The first screen painted from the HTML (decision 0168): the event and group pages arrive with
// their header in the root element, and the app, when it starts, takes over the same elements —
// the title never leaves the screen, nothing moves, and the page then works as before.
import { describe, expect, it } from 'vitest';
import { ENGINES_SLUG, ENGINES_TITLE } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };

type Watch = { h1AtStart: string | null; lostH1: number; shifts: number };

/** Before any script: notes the HTML's <h1>, every moment the page has none, and layout shifts. */
function watchFirstScreen(): void {
  const w: Watch = { h1AtStart: null, lostH1: 0, shifts: 0 };
  (window as unknown as { __watch: Watch }).__watch = w;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.shifts += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('DOMContentLoaded', () => {
    w.h1AtStart = document.querySelector('main h1')?.textContent ?? null;
    new MutationObserver(() => {
      if (!document.querySelector('main h1')) w.lostH1 += 1;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

async function openOnPhone(path: string, appReady: string) {
  const context = await app.browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(watchFirstScreen);
  await page.goto(`${app.server.url}${path}`);
  // The app has rendered the page when a part only it draws is there.
  await page.locator(appReady).first().waitFor(SLOW);
  await page.waitForLoadState('networkidle');
  const watch = await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
  return { context, page, watch };
}

describe('first screen from the HTML (412 px phone)', () => {
  it('an event page shows its title before any script runs, keeps it while the app takes over, and shifts nothing', async () => {
    const { context, page, watch } = await openOnPhone(`/events/${ENGINES_SLUG}`, '#rsvp-heading');
    try {
      expect(watch.h1AtStart).toBe(ENGINES_TITLE);
      expect(watch.lostH1).toBe(0);
      expect(watch.shifts).toBeLessThan(0.05);
      // The app's own page now: its RSVP box, and one cover (the same picture the HTML asked for).
      await expect.poll(() => page.locator('main h1').textContent()).toBe(ENGINES_TITLE);
      expect(await page.locator('main header img[fetchpriority="high"]').count()).toBeLessThanOrEqual(1);
    } finally {
      await context.close();
    }
  });

  it('a group page does the same', async () => {
    const res = await fetch(`${app.server.url}/rest/v1/groups?select=slug,name&visibility=eq.public&order=created_at&limit=1`, { headers: { apikey: app.server.keys.anonKey } });
    const [group] = (await res.json()) as { slug: string; name: string }[];
    const { context, page, watch } = await openOnPhone(`/g/${group!.slug}`, '#group-about');
    try {
      expect(watch.h1AtStart).toBe(group!.name);
      expect(watch.lostH1).toBe(0);
      expect(watch.shifts).toBeLessThan(0.05);
      expect(await page.locator('main h1').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('without JavaScript the first screen is still there (what a previewer or a slow phone sees first)', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${app.server.url}/events/${ENGINES_SLUG}`);
      expect(await page.locator('main h1').textContent()).toBe(ENGINES_TITLE);
      expect(await page.locator('header nav a').allTextContents()).toEqual(['Discover', 'Groups', 'Create event', 'Sign in']);
    } finally {
      await context.close();
    }
  });
});
