// Discover shows a weekly series once, at its next date, with how many dates follow — in English
// and French, at 360 and 1280 px — and its cards' covers are sized, from the render endpoint, and
// lazy past the first row (issue 32, decision 0322).
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
const TITLE = 'Pottery wheel Tuesdays';
let firstSlug = '';

beforeAll(async () => {
  const c = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data: session, error } = await c.auth.signInWithPassword({ email: 'grace@example.com', password: DEMO_PASSWORD });
  if (error) throw error;
  const start = Date.now() + 2 * 864e5;
  const { data: event, error: insertError } = await c.from('events').insert({
    host_id: session.user.id, title: TITLE, status: 'published', timezone: 'Europe/Lisbon', venue_name: 'Clay studio', lat: 38.72, lng: -9.14,
    starts_at: new Date(start).toISOString(), ends_at: new Date(start + 2 * 36e5).toISOString(),
  }).select('id, slug').single();
  if (insertError) throw insertError;
  firstSlug = event.slug;
  const series = await c.rpc('create_series', { event_id: event.id, rrule: 'FREQ=WEEKLY;COUNT=8' });
  if (series.error) throw series.error;
});

describe('Discover, one card per series', () => {
  for (const [lang, locale, more] of [['en', 'en-US', '+7 more dates'], ['fr', 'fr-FR', '+7 autres dates']] as const) {
    for (const width of [360, 1280]) {
      it(`shows the 8 dates of a weekly series as one card with "${more}" (${lang}, ${width} px)`, async () => {
        const context = await app.browser.newContext({ locale, viewport: { width, height: 900 } });
        try {
          const page = await context.newPage();
          const errors = watchPageErrors(page);
          await page.goto(`${app.server.url}/?q=pottery`);
          const link = page.getByRole('link', { name: TITLE });
          await link.waitFor(SLOW);
          expect(await link.count()).toBe(1);
          const card = page.locator('main article', { has: link });
          expect(await card.textContent()).toContain(more);
          // The card is the series' next date.
          expect(await link.getAttribute('href')).toBe(`/events/${firstSlug}`);
          expect(await seriousA11yViolations(page)).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  it("sizes Discover's covers, asks the render endpoint for them, and loads the ones past the first row lazily", async () => {
    const page = await app.browser.newPage();
    try {
      await page.goto(app.server.url);
      await page.locator('main article img').nth(3).waitFor({ state: 'attached', ...SLOW });
      const imgs = await page.locator('main article img').evaluateAll((list) =>
        list.map((i) => ({ w: i.getAttribute('width'), h: i.getAttribute('height'), srcset: i.getAttribute('srcset') ?? '', loading: i.getAttribute('loading') })));
      for (const img of imgs) {
        expect(img.w).toBe('1200');
        expect(img.h).toBe('630');
        expect(img.srcset).toContain('/storage/v1/render/image/public/event-covers/');
      }
      const cards = await page.locator('main article').evaluateAll((list) => list.map((a) => a.querySelector('img')?.getAttribute('loading') ?? null));
      // The first three cards (the first row at 1280 px) load at once; every later cover is lazy.
      expect(cards.slice(3).filter((l) => l !== null).every((l) => l === 'lazy')).toBe(true);
      expect(cards.slice(0, 3).filter((l) => l !== null).every((l) => l === 'eager')).toBe(true);
    } finally {
      await page.close();
    }
  });
});
