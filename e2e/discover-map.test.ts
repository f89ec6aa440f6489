import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { ENGINES_SLUG, ENGINES_TITLE, heading } from './support/flows.ts';
import { setBrowserClockToSeedEvent } from './support/seed-clock.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();

// The app's default tiles come from tile.openstreetmap.org, which this machine cannot reach.
const TILES = 'https://tile.openstreetmap.org/**';
// The machine is shared: polls get 10 s, not vitest's default 1 s.
const SLOW = { timeout: 10_000 };
// A 1×1 PNG (a pale green) that Leaflet stretches over each 256×256 tile.
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPYu3srAASMAlD4WxRYAAAAAElFTkSuQmCC',
  'base64',
);

/** Tiles answered locally ("ok") or failing as they would offline ("offline"); counts requests. */
async function serveTiles(context: BrowserContext, mode: 'ok' | 'offline') {
  const requests = { count: 0 };
  await context.route(TILES, (route) => {
    requests.count++;
    return mode === 'ok'
      ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG })
      : route.abort('internetdisconnected');
  });
  return requests;
}

async function newPage(width = 1280, mode: 'ok' | 'offline' = 'ok') {
  const context = await app.browser.newContext({ viewport: { width, height: 900 } });
  const tiles = await serveTiles(context, mode);
  const page = await context.newPage();
  return { context, page, tiles };
}

/** The map view's summary, "36 events · 3 online-only events are not on the map (see the list)." */
function mapStatus(page: Page) {
  return page.getByRole('status').filter({ hasText: /^\d+ events/ });
}

/** The number of events the map shows: single pins plus the counts on cluster badges. */
async function eventsOnMap(page: Page): Promise<number> {
  return page.evaluate(() => {
    const pins = document.querySelectorAll('.gather-map .gather-pin').length;
    const clustered = [...document.querySelectorAll('.gather-map .gather-cluster')].reduce(
      (sum, el) => sum + Number(el.querySelector('[aria-hidden]')?.textContent ?? 0),
      0,
    );
    return pins + clustered;
  });
}

describe('Discover: map and calendar', () => {
  it('shows every result as clustered pins, and a pin opens a popup linking to the event', async () => {
    const { context, page, tiles } = await newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${app.server.url}/?view=map`);
    await page.getByRole('region', { name: 'Map of events' }).waitFor({ timeout: 15_000 });
    await page.locator('.gather-map .gather-cluster').first().waitFor();

    // Every result, not a page of 20; the online-only ones are not pins, and it says so.
    const status = (await mapStatus(page).textContent()) ?? '';
    const total = Number(/^(\d+) events/.exec(status)?.[1]);
    const onlineOnly = Number(/(\d+) online-only events? (is|are) not on the map/.exec(status)?.[1] ?? 0);
    expect(total).toBeGreaterThan(20);
    await expect.poll(() => eventsOnMap(page), SLOW).toBe(total - onlineOnly);
    expect(await page.locator('.gather-map .gather-cluster').count()).toBeGreaterThan(0);
    expect(tiles.count).toBeGreaterThan(0);

    // The keyboard way: a cluster zooms in on Enter, a pin opens its popup, focus lands on the link.
    await page.locator('.gather-map .gather-cluster').first().focus();
    await page.keyboard.press('Enter');
    // Wait out the zoom and the clusters' split animation, which re-create the pins.
    await page.waitForFunction(() => !document.querySelector('.leaflet-cluster-anim, .leaflet-zoom-anim'));
    const pin = page.locator('.gather-map .gather-pin').first();
    await pin.waitFor();
    const title = (await pin.getAttribute('title')) ?? '';
    await pin.focus();
    await page.keyboard.press('Enter');
    const link = page.locator('.leaflet-popup-content').getByRole('link', { name: title });
    await link.waitFor();
    await expect.poll(() => link.evaluate((el) => el === document.activeElement), SLOW).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page), SLOW).toBe(title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches the area the map shows once it is moved, and keeps the map where it was put', async () => {
    const { context, page } = await newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${app.server.url}/?view=map`);
    await page.locator('.gather-map .gather-cluster').first().waitFor({ timeout: 15_000 });
    const summary = (await mapStatus(page).textContent()) ?? '';
    const everything = Number(/^(\d+) events/.exec(summary)?.[1]);
    const onlineOnly = Number(/(\d+) online-only events? (is|are) not on the map/.exec(summary)?.[1] ?? 0);
    // Every pin placed: until then the clusters are still forming and "the first" is not one cluster.
    await expect.poll(() => eventsOnMap(page), SLOW).toBe(everything - onlineOnly);
    // Fitting the pins is not the person's move: no button yet.
    expect(await page.getByRole('button', { name: 'Search this area' }).count()).toBe(0);

    // The person zooms into a cluster (Enter on it, as a keyboard user would): the count read and
    // the element focused are the same cluster.
    const cluster = await page.locator('.gather-map .gather-cluster').first().elementHandle();
    if (!cluster) throw new Error('no cluster on the map');
    const inCluster = Number((await cluster.$eval('[aria-hidden]', (el) => el.textContent)) ?? 0);
    await cluster.focus();
    await page.keyboard.press('Enter');
    const search = page.getByRole('button', { name: 'Search this area' });
    await search.waitFor(SLOW);
    await page.waitForFunction(() => !document.querySelector('.leaflet-cluster-anim, .leaflet-zoom-anim'));
    await search.click();
    const status = page.getByRole('status').filter({ hasText: /in this area$/ });
    await status.waitFor(SLOW);
    const inArea = Number(/^(\d+) events? in this area/.exec((await status.textContent()) ?? '')?.[1] ?? 0);
    // The cluster's events at least, fewer than the whole search, and exactly what the map shows.
    expect(inArea).toBeGreaterThanOrEqual(inCluster);
    expect(inArea).toBeLessThan(everything);
    await expect.poll(() => eventsOnMap(page), SLOW).toBe(inArea);
    // The map stayed where it was put, and the button is gone until the next move.
    expect(await search.count()).toBe(0);
    // The box is in the URL: a reload (or the link, shared) shows the same area and results.
    expect(new URL(page.url()).searchParams.get('area')).toMatch(/^-?[\d.]+(,-?[\d.]+){3}$/);
    await page.reload();
    await status.waitFor(SLOW);
    expect(Number(/^(\d+) events? in this area/.exec((await status.textContent()) ?? '')?.[1] ?? 0)).toBe(inArea);
    await expect.poll(() => eventsOnMap(page), SLOW).toBe(inArea);
    await page.getByRole('button', { name: 'Show all results' }).click();
    await mapStatus(page).waitFor(SLOW);
    expect(new URL(page.url()).searchParams.get('area')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches a city and narrows the results with the radius, in every view', async () => {
    const { context, page } = await newPage();
    await page.goto(app.server.url);
    await page.locator('main article').first().waitFor({ timeout: 15_000 });

    await page.getByRole('searchbox', { name: 'Near a place' }).fill('London');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('button', { name: 'London, United Kingdom' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('place'), SLOW).toBe('London, United Kingdom');
    // The browser reads en-US: distances in miles (25 km is 16 mi).
    await page.getByText('Showing events within 16 mi of').waitFor();
    await expect.poll(() => page.locator('main article').count(), SLOW).toBe(5);
    const away = await page.locator('main article').getByText(/mi away$/).allTextContents();
    expect(away).toHaveLength(5);
    expect(away.every((t) => Number.parseFloat(t) <= 25 / 1.609344)).toBe(true);

    await page.getByRole('combobox', { name: 'Distance' }).selectOption('5');
    await expect.poll(() => new URL(page.url()).searchParams.get('radius'), SLOW).toBe('5');
    await expect.poll(() => page.locator('main article').count(), SLOW).toBe(3);
    expect(await page.getByText(/^3 events$/).count()).toBe(1);

    // The same filter on the map: three London pins.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Map' }).click();
    await page.getByRole('region', { name: 'Map of events' }).waitFor();
    await expect.poll(() => eventsOnMap(page), { timeout: 15_000 }).toBe(3);
    await context.close();
  });

  it('takes a new search while the map is still fitting its pins, without an error', async () => {
    const { context, page } = await newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${app.server.url}/?view=map`);
    await page.getByRole('region', { name: 'Map of events' }).waitFor({ timeout: 15_000 });
    // At once, while the first fit could still be animating: the search replaces the map.
    await page.getByRole('searchbox', { name: /Search events/ }).fill('Tagus');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), SLOW).toBe('Tagus');
    await expect.poll(() => eventsOnMap(page), { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(500); // past Leaflet's 250 ms zoom transition
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a month of events in the calendar, moves to the next month, and the URL reproduces it', async () => {
    const { context, page } = await newPage();
    // The calendar opens on the browser's month: "now" is the engines evening, so that month has it.
    await setBrowserClockToSeedEvent(context, app.server, ENGINES_SLUG);
    await page.goto(`${app.server.url}/?view=calendar`);
    const table = page.locator('main table');
    await table.waitFor({ timeout: 15_000 });
    const thisMonth = (await page.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
    expect(await table.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await table.getByRole('columnheader').count()).toBe(7);

    // The seed has events over the next weeks: this month and next month together show several.
    const linksNow = await table.getByRole('link').count();
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent(), SLOW).not.toBe(thisMonth);
    const nextMonth = (await page.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
    await expect.poll(() => page.getByRole('status').filter({ hasText: nextMonth }).count(), SLOW).toBeGreaterThan(0);
    const linksNext = await table.getByRole('link').count();
    expect(linksNow + linksNext).toBeGreaterThan(5);
    const month = new URL(page.url()).searchParams.get('month');
    expect(month).toMatch(/^\d{4}-\d{2}$/);

    // A shared link opens the same view and month.
    const shared = page.url();
    const other = await context.newPage();
    await other.goto(shared);
    await other.locator('main table').waitFor({ timeout: 15_000 });
    expect(await other.getByRole('heading', { level: 2 }).first().textContent()).toBe(nextMonth);
    expect(await other.locator('main table').getByRole('link').count()).toBe(linksNext);
    expect(
      await other.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Calendar' }).getAttribute('aria-current'),
    ).toBe('page');

    // An event link in the grid leads to its page.
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent(), SLOW).toBe(thisMonth);
    await page.goto(`${app.server.url}/?view=calendar&q=engines`);
    await page.getByRole('status').filter({ hasText: / in \w+ \d{4}/ }).first().waitFor();
    await page.locator('main table').getByRole('link', { name: new RegExp(ENGINES_TITLE) }).click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe(`/events/${ENGINES_SLUG}`);
    await context.close();
  });

  it('shows the bundled world basemap when the tiles fail (offline)', async () => {
    const { context, page, tiles } = await newPage(1280, 'offline');
    const errors = watchPageErrors(page);
    await page.goto(`${app.server.url}/?view=map`);
    await page.locator('.gather-map .gather-cluster').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => tiles.count, SLOW).toBeGreaterThan(0);
    const land = page.locator('.leaflet-gather-basemap-pane path');
    expect(await land.count()).toBeGreaterThan(0);
    expect(await land.first().getAttribute('fill')).toBe('#eeece6');
    // Failed tiles are blank, never broken-image icons.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [...document.querySelectorAll<HTMLImageElement>('.leaflet-tile')].every((img) => img.src.startsWith('data:image/gif')),
          ),
        SLOW,
      )
      .toBe(true);
    // The land is really painted: the map area shows the land colour.
    expect(await landPixels(page)).toBeGreaterThan(1000);
    // Tile failures are network noise, not app errors.
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it("loads nothing of the map on an event page until 'Show map' is pressed", async () => {
    const { context, page, tiles } = await newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${app.server.url}/events/${ENGINES_SLUG}`);
    const show = page.getByRole('button', { name: 'Show map' });
    await show.waitFor({ timeout: 15_000 });
    expect(await page.getByText('Directions on OpenStreetMap').count()).toBe(1);
    const before = scripts.length;
    expect(tiles.count).toBe(0);
    expect(await page.locator('.leaflet-container').count()).toBe(0);

    await show.click();
    await page.getByRole('region', { name: 'Map of LX Factory' }).waitFor();
    await page.locator('.gather-map .gather-pin').waitFor();
    expect(scripts.length).toBeGreaterThan(before);
    await expect.poll(() => tiles.count, SLOW).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Hide map' }).getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  for (const width of [360, 1280]) {
    it(`has no serious a11y issue in the map and calendar views at ${width}px`, async () => {
      const { context, page } = await newPage(width);
      // The calendar below opens on the browser's month; at the engines evening it has events, so
      // phones show the agenda (with the machine's clock, a month's last days have none left).
      await setBrowserClockToSeedEvent(context, app.server, ENGINES_SLUG);
      await page.goto(`${app.server.url}/?view=map`);
      await page.locator('.gather-map .gather-cluster').first().waitFor({ timeout: 15_000 });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Calendar' }).click();
      await page.locator('main table').waitFor();
      await page.getByRole('status').filter({ hasText: /^\d+ events? in / }).first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Phones get the agenda under the grid; wider screens have the titles in the grid.
      expect(await page.getByRole('region', { name: 'Agenda' }).isVisible()).toBe(width < 640);
      await context.close();
    });
  }
});

/** How many pixels of the map are the basemap's land colour (#eeece6), from a screenshot in the page. */
async function landPixels(page: Page): Promise<number> {
  const png = (await page.locator('.gather-map').screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const pixels = ctx.getImageData(0, 0, img.width, img.height).data;
    let land = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (Math.abs(pixels[i]! - 0xee) < 4 && Math.abs(pixels[i + 1]! - 0xec) < 4 && Math.abs(pixels[i + 2]! - 0xe6) < 4) land++;
    }
    return land;
  }, png);
}
