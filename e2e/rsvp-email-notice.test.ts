// Before answering, an attendee reads that the hosts see their name and email address (the
// guest list's CSV carries it, issue 32): English at 360 px, French at 1280 px, axe clean.
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { DEMO_PASSWORD, heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
const TITLE = 'Board games by the river';
let slug = '';

beforeAll(async () => {
  const c = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data, error } = await c.auth.signInWithPassword({ email: 'ada@example.com', password: DEMO_PASSWORD });
  if (error) throw error;
  const start = Date.now() + 4 * 864e5;
  const made = await c.from('events').insert({
    host_id: data.user.id, title: TITLE, category: 'games', status: 'published', timezone: 'Europe/Lisbon',
    starts_at: new Date(start).toISOString(), ends_at: new Date(start + 2 * 36e5).toISOString(), is_online: true,
  }).select('slug').single();
  if (made.error) throw made.error;
  slug = made.data.slug;
});

describe('the RSVP box', () => {
  for (const [lang, width, notice] of [
    ['en', 360, 'The hosts see your name and email address.'],
    ['fr', 1280, 'Les organisateurs voient votre nom et votre adresse e-mail.'],
  ] as const) {
    it(`says the hosts see the attendee's name and email address (${lang}, ${width} px)`, async () => {
      const { context, page } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', '/');
      try {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((l) => localStorage.setItem('gather.locale', l), lang);
        await page.goto(`${app.server.url}/events/${slug}`);
        await expect.poll(() => heading(page), SLOW).toBe(TITLE);
        await page.getByText(notice).waitFor(SLOW);
        expect(await seriousA11yViolations(page)).toEqual([]);
      } finally {
        await page.evaluate(() => localStorage.removeItem('gather.locale')).catch(() => {});
        await context.close();
      }
    });
  }
});
