import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ENGINES_SLUG } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 10_000 };

type Shift = { value: number; at: number; sources: string[] };

/** Records every layout shift of the page's first load, with the elements that moved. */
function recordShifts(): void {
  const shifts: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
      if (e.hadRecentInput) continue;
      shifts.push({
        value: e.value,
        at: Math.round(e.startTime),
        sources: (e.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const name = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"` : String(s.node?.nodeName);
          const r = (q: DOMRectReadOnly) => `${Math.round(q.x)},${Math.round(q.y)} ${Math.round(q.width)}×${Math.round(q.height)}`;
          return `${name} ${r(s.previousRect)} → ${r(s.currentRect)}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The summed layout-shift score of a first visit (fresh storage, so the consent banner shows) at 412×823. */
async function firstLoadShifts(path: string, ready: (page: Page) => Promise<boolean>): Promise<{ score: number; shifts: Shift[] }> {
  const context = await app.browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(recordShifts);
    await page.goto(`${app.server.url}${path}`);
    await expect.poll(() => ready(page), SLOW).toBe(true);
    // Every image, catalogue and late request of the first load has settled.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => [...document.images].filter((i) => i.loading !== "lazy").every((i) => i.complete)), SLOW).toBe(true);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    return { score: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
  } finally {
    await context.close();
  }
}

describe('layout stability on a phone (412 px, first visit)', () => {
  it('Discover shifts less than 0.05 while it loads', async () => {
    const { score, shifts } = await firstLoadShifts('/', (page) => page.locator('main a[href^="/events/"]').first().isVisible());
    console.log('Discover layout shifts', score.toFixed(4), JSON.stringify(shifts, null, 1));
    expect(score).toBeLessThan(0.05);
  });

  it('an event page shifts less than 0.05 while it loads', async () => {
    const { score, shifts } = await firstLoadShifts(`/events/${ENGINES_SLUG}`, async (page) => (await page.locator('h1').count()) > 0);
    console.log('Event page layout shifts', score.toFixed(4), JSON.stringify(shifts, null, 1));
    expect(score).toBeLessThan(0.05);
  });

  it('a group page shifts less than 0.05 while it loads', async () => {
    const res = await fetch(`${app.server.url}/rest/v1/groups?select=slug&visibility=eq.public&order=created_at&limit=1`, { headers: { apikey: app.server.keys.anonKey } });
    const [group] = (await res.json()) as { slug: string }[];
    const { score, shifts } = await firstLoadShifts(`/g/${group!.slug}`, async (page) => (await page.locator('#group-about').count()) > 0);
    console.log('Group page layout shifts', score.toFixed(4), JSON.stringify(shifts, null, 1));
    expect(score).toBeLessThan(0.05);
  });
});
