import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solidPng } from '../supabase/seed-media/png.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { heading, signIn } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();

/** "2026-11-25", `days` from now in UTC (the tests pick times far enough from midnight not to care). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A member's browser in Tokyo time, so the browser's zone, UTC and the event's zone all differ. */
async function signedInContext(email: string, next: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Tokyo' });
  // No internet here: map tiles fail fast (the bundled world basemap stays underneath).
  await context.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, app.server.url, email, next);
  return { context, page };
}

async function fillBasics(page: Page, title: string, day: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('tech');
  await page.getByLabel('Description', { exact: true }).fill('We **build** small robots.\n\n- bring a laptop\n- bring curiosity');
  await page.getByLabel('Starts on').fill(day);
  await page.getByLabel('Start time').fill('19:00');
  await page.getByLabel('Ends on').fill(day);
  await page.getByLabel('End time').fill('21:30');
  await page.getByLabel('Time zone').fill('America/New_York');
}

describe('the event editor', () => {
  it('creates an event with a searched place, a cover and a resumable video upload; drafts, publishes, edits and cancels it', { timeout: 180_000 }, async () => {
    const { context, page } = await signedInContext('grace@example.com', '/events/new');
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Create an event');
    // The zone defaults to the browser's own.
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Asia/Tokyo');

    const title = `Robot building night ${Date.now()}`;
    const day = dayFromNow(10);
    await fillBasics(page, title, day);

    // Place: found through the geocode function, then moved on the map.
    await page.getByLabel('Search for a place').fill('New York');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('list', { name: 'Places found' }).getByRole('button', { name: 'New York City, United States', exact: true }).click();
    expect(await page.getByLabel('Venue name').inputValue()).toBe('New York City');
    expect(await page.getByLabel('Address').inputValue()).toBe('New York City, United States');
    await expect.poll(() => page.getByLabel('Latitude').inputValue(), { timeout: 15_000 }).toMatch(/^40\.7/);
    await page.getByLabel('Venue name').fill('Recurse Hub');
    const map = page.getByRole('region', { name: 'Map of the venue: click to place the pin' });
    const canvas = map.locator('.leaflet-container');
    await canvas.waitFor();
    const before = await page.getByLabel('Longitude').inputValue();
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: box.width / 2 + 60, y: box.height / 2 + 20 } });
    await expect.poll(() => page.getByLabel('Longitude').inputValue()).not.toBe(before);
    expect(Number(await page.getByLabel('Latitude').inputValue())).toBeCloseTo(40.7, 1);

    // Files chosen before the event exists wait for the first save.
    await page.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(120, 63, [67, 56, 202]) });
    await page.getByAltText('Cover preview').waitFor();
    await page.getByLabel('Upload a video file').check();
    // 7 MB: two PATCHes of the 6 MiB chunk size, at offsets 0 and 6291456.
    const video = Buffer.alloc(7 * 1024 * 1024, 7);
    await page.getByLabel('Video file', { exact: true }).setInputFiles({ name: 'promo.mp4', mimeType: 'video/mp4', buffer: video });
    await page.getByText('The video uploads when you save.').waitFor();

    // Hold the video's second part, then lose the connection in the middle of it.
    const patchOffsets: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/upload/resumable/')) patchOffsets.push(r.headers()['upload-offset'] ?? '');
    });
    let releasePatch!: () => void;
    const patchHeld = new Promise<void>((resolve) => {
      releasePatch = resolve;
    });
    let patchSeen!: () => void;
    const patchArrived = new Promise<void>((resolve) => {
      patchSeen = resolve;
    });
    await page.route('**/storage/v1/upload/resumable/**', async (route) => {
      if (route.request().method() !== 'PATCH' || route.request().headers()['upload-offset'] !== '6291456') return route.continue();
      patchSeen();
      await patchHeld;
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Save draft' }).click();
    const progress = page.getByRole('progressbar', { name: 'Uploading the video' });
    await progress.waitFor();
    await patchArrived;
    await page.getByText('The cover is uploaded. Save to keep it.').waitFor();
    // The first save created the event: the address is its edit page now.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/robot-building-night-\d+\/edit$/);
    const slug = new URL(page.url()).pathname.split('/')[2]!;
    await context.setOffline(true);
    releasePatch();
    await page.getByText("You're offline. The upload continues when you're back online.").waitFor({ timeout: 15_000 });
    await page.getByText("The event is saved, but the video didn't upload.").first().waitFor();
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(80); // where it stopped
    await page.unroute('**/storage/v1/upload/resumable/**');

    // Back online: the upload resumes by itself, from where it stopped (not from byte 0).
    const sentBefore = patchOffsets.length;
    await context.setOffline(false);
    await page.getByText('The video is uploaded. Save to keep it.').waitFor({ timeout: 30_000 });
    expect(patchOffsets.slice(sentBefore)).toEqual(['6291456']);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/events/${slug}`);
    await page.getByText('Draft saved. Only you and your co-hosts can see it.').first().waitFor();
    await expect.poll(() => heading(page)).toBe(title);
    const coverSrc = await page.locator('img[src*="/storage/v1/render/image/public/event-covers/"]').first().getAttribute('src');
    expect((await fetch(coverSrc!)).headers.get('content-type')).toBe('image/png');

    // Publish from the editor: nothing stale is restored, and the page shows cover and video.
    await page.goto(`${app.server.url}/events/${slug}/edit`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Edit event');
    expect(await page.getByText('We brought back your unsaved changes').count()).toBe(0);
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    expect(await page.getByLabel('Start time').inputValue()).toBe('19:00');
    expect(await page.getByLabel('Time zone').inputValue()).toBe('America/New_York');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/events/${slug}`);
    await page.getByText('Your event is published.').first().waitFor();
    await page.locator('img[src*="/event-covers/"]').first().waitFor();
    const videoSrc = await page.locator('video').first().getAttribute('src', { timeout: 15_000 });
    expect(videoSrc).toContain('/storage/v1/object/public/event-videos/');
    const stored = await fetch(videoSrc!);
    expect(stored.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await stored.arrayBuffer()).equals(video)).toBe(true);

    // The calendar file: 19:00 in New York, whatever the browser's zone.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /Add to calendar/ }).click();
    const ics = await readFile((await (await download).path())!, 'utf8');
    expect(ics).toContain(`SUMMARY:${title}`);
    expect(ics).toContain(`DTSTART;TZID=America/New_York:${day.replace(/-/g, '')}T190000`);
    expect(ics).toContain(`DTEND;TZID=America/New_York:${day.replace(/-/g, '')}T213000`);

    // Edit the published event.
    await page.goto(`${app.server.url}/events/${slug}/edit`);
    await page.getByLabel('Title').fill(`${title} (v2)`);
    await page.getByLabel('Capacity').fill('12');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved.').first().waitFor();
    await expect.poll(() => heading(page)).toBe(`${title} (v2)`);
    await page.getByText('12 spots left', { exact: false }).first().waitFor();

    // Cancel it, with a reason the page shows.
    await page.goto(`${app.server.url}/events/${slug}/edit`);
    await page.getByRole('button', { name: 'Cancel event' }).click();
    await page.getByRole('alertdialog').getByLabel('Reason (shown to attendees)').fill('The robots went on strike.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel event' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/events/${slug}`);
    await page.getByText('This event was cancelled. The robots went on strike.').first().waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps everything typed when a save fails, also across a reload, and shows the database\'s words beside the field', { timeout: 120_000 }, async () => {
    const { context, page } = await signedInContext('linus@example.com', '/events/new');
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Create an event');
    const title = `Soldering basics ${Date.now()}`;
    const day = dayFromNow(12);
    await fillBasics(page, title, day);
    await page.getByLabel('Online link').fill('https://meet.example.com/solder');
    await page.getByLabel('Capacity').fill('20');

    // The form's own check, in the database's words: the end before the start.
    await page.getByLabel('End time').fill('18:00');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const datesMessage = 'The event must end after it starts, and last at most 14 days.';
    await page.getByText(datesMessage).first().waitFor();
    expect(await page.getByLabel('End time').getAttribute('aria-invalid')).toBe('true');

    // The database says it (its own check, after the form's): the message lands beside the field.
    await page.getByLabel('End time').fill('21:30');
    await page.route('**/rest/v1/events?**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'invalid_dates', message: datesMessage, details: null, hint: null }) })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('[data-sonner-toast]').getByText(datesMessage).waitFor();
    expect(await page.getByLabel('End time').getAttribute('aria-invalid')).toBe('true');
    await page.unroute('**/rest/v1/events?**');

    // Offline: the save fails, the words stay.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('You seem to be offline. Check your connection and try again.').first().waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    expect(new URL(page.url()).pathname).toBe('/events/new');

    // …and across a reload (the browser asks first: there are unsaved changes).
    await context.setOffline(false);
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.accept().then(() => resolve(d.type()))));
    await page.reload();
    expect(await asked).toBe('beforeunload');
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Create an event');
    await page.getByText('We brought back your unsaved changes').waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    expect(await page.getByLabel('Online link').inputValue()).toBe('https://meet.example.com/solder');
    expect(await page.getByLabel('Capacity').inputValue()).toBe('20');
    expect(await page.getByLabel('Time zone').inputValue()).toBe('America/New_York');

    // Leaving in the app asks too; staying keeps the form.
    await page.getByRole('link', { name: 'Discover' }).first().click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).pathname).toBe('/events/new');

    // Now it saves, and the draft can be deleted again.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/events\/soldering-basics-\d+$/);
    await expect.poll(() => heading(page)).toBe(title);
    await page.goto(`${new URL(page.url()).href}/edit`);
    await page.getByRole('button', { name: 'Delete draft' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Event deleted.').first().waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('tells a member who is not a host that only hosts can edit', async () => {
    const { context, page } = await signedInContext('linus@example.com', '/events/compiler-night-write-a-tiny-lisp/edit');
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe("Only the event's hosts can do that.");
    await context.close();
  });

  for (const width of [360, 1280]) {
    it(`has no serious a11y issue at ${width}px, with errors showing`, async () => {
      const { context, page } = await signedInContext('margaret@example.com', '/events/new', width);
      await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Create an event');
      await page.getByRole('region', { name: 'Map of the venue: click to place the pin' }).locator('.leaflet-container').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.locator('[aria-invalid=true]').first().waitFor();
      await expectCleanScreen(page);
      await context.close();
    });
  }
});
