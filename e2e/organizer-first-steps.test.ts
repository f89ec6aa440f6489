// An organizer's new group: its page offers "Create an event" while it has none, and its only
// organizer is told how to hand over instead of being offered "Leave group"; /me's headings go
// h1 → h2 → h3 (issue 32). English and French, 360 and 1280 px, axe clean.
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleViolations, seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
let group = { id: '', slug: '' };

beforeAll(async () => {
  const c = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { error } = await c.auth.signInWithPassword({ email: 'grace@example.com', password: DEMO_PASSWORD });
  if (error) throw error;
  const made = await c.from('groups').insert({ name: 'Ceramics circle', about: 'Wheels and kilns.', category: 'arts', city: 'Lisbon', lat: 38.72, lng: -9.14 })
    .select('id, slug').single();
  if (made.error) throw made.error;
  group = made.data;
});

const WORDS = {
  en: { create: 'Create an event', leave: 'Leave group', handOver: /A group needs an organizer: to leave it, first make another member an organizer/ },
  fr: { create: 'Créer un événement', leave: 'Quitter le groupe', handOver: /Un groupe a besoin d’un organisateur : pour le quitter/ },
} as const;

async function inLanguage(page: Page, lang: 'en' | 'fr', path: string) {
  await page.evaluate((l) => localStorage.setItem('gather.locale', l), lang);
  await page.goto(`${app.server.url}${path}`);
  await page.locator(`html[lang="${lang}"]`).waitFor(SLOW);
}

describe("a new group's only organizer", () => {
  for (const lang of ['en', 'fr'] as const) {
    for (const width of [360, 1280]) {
      it(`is offered "Create an event" and told how to hand over, not "Leave group" (${lang}, ${width} px)`, async () => {
        const { context, page } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/');
        try {
          const errors = watchPageErrors(page);
          await page.setViewportSize({ width, height: 900 });
          await inLanguage(page, lang, `/g/${group.slug}`);
          const w = WORDS[lang];
          const create = page.getByRole('main').getByRole('link', { name: w.create });
          await create.waitFor(SLOW);
          expect(await create.getAttribute('href')).toBe(`/events/new?group=${group.id}`);
          await page.getByText(w.handOver).waitFor(SLOW);
          expect(await page.getByRole('button', { name: w.leave }).count()).toBe(0);
          expect(await seriousA11yViolations(page)).toEqual([]);
          // The call to action starts the event in this group.
          await create.click();
          await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/events/new');
          expect(errors).toEqual([]);
        } finally {
          await page.evaluate(() => localStorage.removeItem('gather.locale')).catch(() => {});
          await context.close();
        }
      });
    }
  }

  it('a member who is not an organizer gets "Leave group" and no call to create', async () => {
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', '/');
    try {
      await page.goto(`${app.server.url}/g/${group.slug}`);
      await page.getByRole('button', { name: 'Join group' }).click(SLOW);
      await page.getByRole('button', { name: 'Leave group' }).waitFor(SLOW);
      await page.getByText('No upcoming events yet.').waitFor(SLOW);
      expect(await page.getByRole('main').getByRole('link', { name: 'Create an event' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('/me', () => {
  for (const lang of ['en', 'fr'] as const) {
    for (const width of [360, 1280]) {
      it(`has its headings in order (${lang}, ${width} px)`, async () => {
        const { context, page } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/me');
        try {
          await page.setViewportSize({ width, height: 900 });
          await inLanguage(page, lang, '/me');
          await expect.poll(() => heading(page), SLOW).toBe(lang === 'en' ? 'My events' : 'Mes événements');
          await page.locator('main h3').first().waitFor(SLOW);
          expect(await ruleViolations(page, ['heading-order'])).toEqual([]);
          expect(await seriousA11yViolations(page)).toEqual([]);
        } finally {
          await page.evaluate(() => localStorage.removeItem('gather.locale')).catch(() => {});
          await context.close();
        }
      });
    }
  }
});
