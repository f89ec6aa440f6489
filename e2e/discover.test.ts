import { describe, expect, it } from 'vitest';
import { useApp } from './support/use-app.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { ENGINES_SLUG, ENGINES_TITLE, heading } from './support/flows.ts';

const app = useApp();

describe('Discover', () => {
  it('lists upcoming events 20 at a time and loads more', async () => {
    const page = await app.browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(app.server.url);
    await expect.poll(() => page.locator('main article').count(), { timeout: 15_000 }).toBe(20);
    expect(await page.getByText(/^\d+ events$/).textContent()).toMatch(/^(2[1-9]|[3-9]\d) events$/);
    await page.getByRole('button', { name: /Load more/ }).click();
    // The first page may be the HTML's (decision 0168), refreshed in the background while this clicks.
    await expect.poll(() => page.locator('main article').count(), { timeout: 10_000 }).toBeGreaterThan(20);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds an event by search, keeps the search in the URL, and opens it', async () => {
    const page = await app.browser.newPage();
    await page.goto(app.server.url);
    await page.getByRole('searchbox', { name: 'Search events' }).fill('engines');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?q=engines');
    const link = page.getByRole('link', { name: ENGINES_TITLE });
    await link.waitFor();
    expect(await page.locator('main article').count()).toBe(1);

    // The URL is the state: a reload shows the same results.
    await page.reload();
    await link.waitFor();
    await link.click();
    await expect.poll(() => heading(page)).toBe(ENGINES_TITLE);
    expect(new URL(page.url()).pathname).toBe(`/events/${ENGINES_SLUG}`);
    await page.close();
  });

  it('filters by category and online only, and says when nothing matches', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/?category=career&online=1`);
    await page.getByRole('link', { name: 'Remote work clinic' }).waitFor({ timeout: 15_000 });
    const titles = await page.locator('main article h2').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(await page.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('career');

    await page.getByRole('searchbox', { name: 'Search events' }).fill('no such thing anywhere');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'No events match' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('filters by a date range kept in the URL', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/?when=dates`);
    // The seed's dates are relative to today: the engines evening is 3 days ahead, the hanami 120.
    const day = (n: number) => {
      const d = new Date();
      d.setDate(d.getDate() + n);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    await page.getByLabel('From').fill(day(2));
    await page.getByLabel('To').fill(day(4));
    await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe(`?when=dates&from=${day(2)}&to=${day(4)}`);
    // The count in the status line drops from all upcoming events to the few in those 3 days.
    const shown = async () => {
      const texts = await page.getByRole('status').allTextContents();
      const match = texts.map((t) => /^(\d+) events?$/.exec(t)).find(Boolean);
      return match ? Number(match[1]) : Number.NaN;
    };
    await expect.poll(shown, { timeout: 10_000 }).toBeLessThan(8);
    expect(await shown()).toBeGreaterThan(0);
    expect(await page.locator('main article').count()).toBe(await shown());
    await page.getByRole('link', { name: ENGINES_TITLE }).waitFor();
    expect(await page.getByRole('link', { name: 'Cherry-blossom hanami' }).count()).toBe(0);

    await page.getByRole('combobox', { name: 'When' }).selectOption('any');
    await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe('');
    await page.close();
  });

  it('finds events near the viewer, and says so plainly when location is blocked', async () => {
    // No permission granted: Chromium answers PERMISSION_DENIED.
    const blocked = await app.browser.newContext();
    const page = await blocked.newPage();
    await page.goto(app.server.url);
    await page.locator('main article').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Use my location' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/Location access is blocked/);
    expect(new URL(page.url()).search).toBe('');
    await blocked.close();

    // Standing at Cais do Sodré, Lisbon.
    const allowed = await app.browser.newContext({
      geolocation: { latitude: 38.7060, longitude: -9.1447 },
      permissions: ['geolocation'],
    });
    const here = await allowed.newPage();
    await here.goto(app.server.url);
    await here.locator('main article').first().waitFor({ timeout: 15_000 });
    await here.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => new URL(here.url()).searchParams.get('near'), { timeout: 10_000 }).toBe('38.71,-9.14');
    // The browser reads en-US: distances in miles (25 km is 16 mi).
    await here.getByText(/Showing events within 16 mi of/).waitFor();
    await expect.poll(() => here.locator('main article').count(), { timeout: 10_000 }).toBe(5);
    const places = await here.locator('main article').allTextContents();
    expect(places.every((t) => /mi away/.test(t))).toBe(true);
    await allowed.close();
  });

  for (const width of [360, 1280]) {
    it(`has no serious a11y issue with results at ${width}px`, async () => {
      const context = await app.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${app.server.url}/?when=week`);
      await page.locator('main article, main h2').first().waitFor({ timeout: 15_000 });
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    });
  }
});
