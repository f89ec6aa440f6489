// After the event (issue 33): an attendee adds a photo to a past event's album and sees it drawn
// from the render endpoint, then rates the event; the host reads the feedback on the dashboard.
// English at 360 px, French at 1280 px, axe clean.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../supabase/seed-media/png.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
const TITLE = 'Rooftop picnic: the photos';
let slug = '';
let eventId = '';

async function clientFor(username: string): Promise<SupabaseClient> {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email: `${username}@example.com`, password: DEMO_PASSWORD });
  if (error) throw error;
  return client;
}

/** Every <img> in `scope` has loaded real pixels (a broken picture has naturalWidth 0). */
const imagesDrawn = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));

beforeAll(async () => {
  const ada = await clientFor('ada');
  const { data: me } = await ada.auth.getUser();
  const startsAt = new Date(Date.now() + 86_400_000);
  const { data: event, error } = await ada.from('events').insert({
    host_id: me.user!.id, title: TITLE, category: 'community', status: 'published', visibility: 'public',
    starts_at: startsAt.toISOString(), ends_at: new Date(startsAt.getTime() + 3 * 3600_000).toISOString(),
    timezone: 'Europe/Lisbon', venue_name: 'LX Factory', lat: 38.7036, lng: -9.1784,
  }).select('id, slug').single();
  if (error) throw error;
  ({ id: eventId, slug } = event);
  const rsvp = await (await clientFor('grace')).rpc('rsvp', { event_id: eventId });
  if (rsvp.error) throw rsvp.error;
  // The picnic happened yesterday: as if the clock had moved on.
  await app.server.db.query(`update public.events set starts_at = now() - interval '1 day', ends_at = now() - interval '21 hours' where id = $1`, [eventId]);
});

describe('after the event', () => {
  it('an attendee adds a photo to the album, sees it, opens it full size and rates the event (en, 360 px)', async () => {
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/');
    try {
      const errors = watchPageErrors(page);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`${app.server.url}/events/${slug}`);
      await expect.poll(() => heading(page), SLOW).toBe(TITLE);
      const album = page.getByRole('region', { name: /Photos/ });
      await album.getByText('No photos yet. Add the first one!').waitFor(SLOW);
      await album.getByLabel('Picture (JPEG, PNG or WebP, up to 8 MB)').setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: solidPng(320, 240, [230, 120, 40]) });
      await album.getByLabel('Caption (optional)').fill('Sunset over the river');
      await album.getByRole('button', { name: 'Add photo' }).click();
      await page.getByText('Photo added to the album.').first().waitFor(SLOW);
      const thumb = album.getByRole('button', { name: 'Open photo: Sunset over the river' });
      await thumb.waitFor(SLOW);
      await expect.poll(() => imagesDrawn(page, '#album-heading ~ ul img'), SLOW).toBe(true);
      expect(await thumb.locator('img').getAttribute('srcset')).toContain('/storage/v1/render/image/public/event-albums/');
      expect(await thumb.locator('img').getAttribute('loading')).toBe('lazy');

      await thumb.click();
      const viewer = page.getByRole('dialog', { name: 'Photo 1 of 1' });
      await viewer.waitFor(SLOW);
      await expect.poll(() => imagesDrawn(page, '[role="dialog"] img'), SLOW).toBe(true);
      await viewer.getByText('By Grace Hopper').waitFor(SLOW);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      const form = page.getByRole('region', { name: 'How was it?' });
      await form.getByRole('radio', { name: '4 stars: very good' }).check();
      await form.getByLabel('Comment for the hosts (optional)').fill('Lovely evening, more shade next time.');
      await form.getByRole('button', { name: 'Send feedback' }).click();
      await page.getByText('Thanks for your feedback!').first().waitFor(SLOW);
      await form.getByRole('button', { name: 'Update feedback' }).waitFor(SLOW);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the host reads the feedback on the dashboard: average, distribution, comment (fr, 1280 px)', async () => {
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/');
    try {
      const errors = watchPageErrors(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.evaluate(() => localStorage.setItem('gather.locale', 'fr'));
      await page.goto(`${app.server.url}/events/${slug}/manage`);
      await expect.poll(() => heading(page), SLOW).toBe(TITLE);
      const results = page.getByRole('region', { name: 'Avis' });
      await results.getByText('Lovely evening, more shade next time.').waitFor(SLOW);
      await results.getByText('1 réponse').waitFor(SLOW);
      expect(await results.getByRole('list', { name: 'Réponses par note' }).innerText()).toMatch(/4 étoiles\s+1/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The album is on the event page for the host too, with the attendee's photo.
      await page.goto(`${app.server.url}/events/${slug}`);
      await page.getByRole('button', { name: 'Ouvrir la photo : Sunset over the river' }).waitFor(SLOW);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.removeItem('gather.locale')).catch(() => {});
      await context.close();
    }
  });
});
