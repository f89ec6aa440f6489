// An event's zone follows its venue (issue 32 must-fix 1, decision 0300): a host whose browser
// keeps UTC places an event in Tokyo and types 19:00; it starts at 19:00 in Tokyo (10:00 UTC),
// and the event page gives Tokyo's time, names the zone and gives the viewer's own time.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { heading, signIn } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();

/** "2026-12-09", `days` from now in UTC (19:00 in Tokyo is 10:00 UTC the same day). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Searches, optionally waits for `said` in the search's status, and picks the place `label`. */
async function pickPlace(page: Page, query: string, label: string, said?: RegExp) {
  await page.getByLabel('Search for a place').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const place = page.getByRole('list', { name: 'Places found' }).getByRole('button', { name: label, exact: true });
  await place.waitFor({ timeout: 15_000 });
  if (said) await page.getByRole('status').filter({ hasText: said }).waitFor();
  await place.click();
}

describe("an event's time zone", () => {
  it('follows the venue picked in the editor, can be overridden, and the event page shows the venue\'s time', { timeout: 120_000 }, async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
    await context.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, app.server.url, 'grace@example.com', '/events/new');
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Create an event');
    const zone = page.getByLabel('Time zone');
    expect(await zone.inputValue()).toBe('UTC'); // the browser's, until there is a venue

    const title = `Tokyo night market ${Date.now()}`;
    const day = dayFromNow(12);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption('food');
    await page.getByLabel('Description', { exact: true }).fill('Stalls, lanterns and grilled things.');
    await page.getByLabel('Starts on').fill(day);
    await page.getByLabel('Start time').fill('19:00');
    await page.getByLabel('Ends on').fill(day);
    await page.getByLabel('End time').fill('21:00');

    // The offline gazetteer knows cities only, and says so after a search.
    await pickPlace(page, 'Porto', 'Porto, Portugal', /knows cities, not street addresses/);
    await expect.poll(() => zone.inputValue(), { timeout: 15_000 }).toBe('Europe/Lisbon');
    await pickPlace(page, 'Tokyo', 'Tokyo, Japan');
    await expect.poll(() => zone.inputValue(), { timeout: 15_000 }).toBe('Asia/Tokyo');
    await page.getByText("The venue's zone: the times above are in Asia/Tokyo (UTC+9 then).", { exact: false }).waitFor();
    // The host's own clock, beside the venue's.
    await page.getByText(/For you \(UTC\): .* 10:00\s?AM – 12:00\s?PM UTC/).waitFor();

    // A zone typed by the host is kept when the venue moves; one click follows the venue again.
    await zone.fill('Asia/Seoul');
    await pickPlace(page, 'Osaka', 'Osaka, Japan');
    await page.getByText('The venue is in Asia/Tokyo.').waitFor();
    expect(await zone.inputValue()).toBe('Asia/Seoul');
    await page.getByRole('button', { name: 'Use Asia/Tokyo' }).click();
    expect(await zone.inputValue()).toBe('Asia/Tokyo');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Venue name').fill('Umeda Sky Market');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/events\/tokyo-night-market-\d+$/);
    const slug = new URL(page.url()).pathname.split('/')[2]!;
    const { rows } = await app.server.db.query<{ starts_at: string; timezone: string }>(
      `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as starts_at, timezone from public.events where slug = $1`,
      [slug],
    );
    expect(rows[0]).toEqual({ starts_at: `${day}T10:00`, timezone: 'Asia/Tokyo' });

    // The page: Tokyo's clock with its offset, the zone named, and the viewer's own time.
    const when = page.locator('main time').first();
    await when.waitFor();
    expect(await when.textContent()).toMatch(/ · 7:00\s?PM – 9:00\s?PM UTC\+9$/);
    expect(await page.locator('main p:has(time) + p').first().textContent()).toMatch(/^At the venue: Japan.*\. Your time: .* 10:00\s?AM – 12:00\s?PM UTC$/);

    // An existing event keeps its zone: moving its venue to Seoul only offers Seoul's (on a phone).
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${app.server.url}/events/${slug}/edit`);
    await expect.poll(() => zone.inputValue(), { timeout: 15_000 }).toBe('Asia/Tokyo');
    await page.getByLabel('Latitude').fill('37.5665');
    await page.getByLabel('Longitude').fill('126.978');
    await page.getByRole('button', { name: 'Use Asia/Seoul' }).waitFor({ timeout: 15_000 });
    expect(await zone.inputValue()).toBe('Asia/Tokyo');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A viewer in Tokyo, on a phone and in French: the venue's time is theirs, said as local.
    const local = await app.browser.newContext({ viewport: { width: 360, height: 800 }, timezoneId: 'Asia/Tokyo', locale: 'fr-FR' });
    const phone = await local.newPage();
    await phone.goto(`${app.server.url}/events/${slug}`);
    const there = phone.locator('main time').first();
    await there.waitFor({ timeout: 15_000 });
    expect(await there.textContent()).toMatch(/ · 19:00 – 21:00 UTC\+9$/);
    expect(await phone.locator('main p:has(time) + p').first().textContent()).toMatch(/^Heure locale \(.*Japon.*\)$/);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await local.close();
    await context.close();
  });
});
