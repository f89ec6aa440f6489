// Discover's cards say what a ticket costs — "From €5", "Free", "Sold out", a yen price without
// decimals — in English and French, at 360 and 1280 px; a hidden (access-code) type never shows
// (issue 31, decision 0326). The page head draws the same line: first-screen.test.ts compares the
// HTML's cards with the app's, supabase/tests/discover-prices.test.ts its words.
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
const WORD = 'Quincefold';
const TITLES = { paid: `${WORD} sourdough class`, yen: `${WORD} ramen walk`, gone: `${WORD} supper club`, free: `${WORD} picnic` };

beforeAll(async () => {
  const c = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data: session, error } = await c.auth.signInWithPassword({ email: 'grace@example.com', password: DEMO_PASSWORD });
  if (error) throw error;
  const start = Date.now() + 3 * 864e5;
  const ids: Record<string, string> = {};
  for (const [key, title] of Object.entries(TITLES)) {
    const { data, error: e } = await c.from('events').insert({
      host_id: session.user.id, title, status: 'published', timezone: key === 'yen' ? 'Asia/Tokyo' : 'Europe/Lisbon',
      venue_name: 'Bakehouse', lat: 38.72, lng: -9.14, currency: key === 'yen' ? 'JPY' : 'EUR',
      starts_at: new Date(start).toISOString(), ends_at: new Date(start + 2 * 36e5).toISOString(),
    }).select('id').single();
    if (e) throw e;
    ids[key] = data.id;
  }
  const types: [string, Record<string, unknown>][] = [
    ['paid', { name: 'Standard', price: 1500 }], ['paid', { name: 'Early bird', price: 500 }],
    ['paid', { name: 'Friends', price: 100, hidden: true, access_code: 'PALS' }],
    ['yen', { name: 'Walk', price: 3000 }], ['gone', { name: 'Seat', price: 4000, quantity: 1 }],
  ];
  for (const [key, t] of types) {
    const r = await c.from('ticket_types').insert({ event_id: ids[key], ...t });
    if (r.error) throw r.error;
  }
  // The supper's one seat sold (the database's count, written here as a paid order would).
  const service = createClient(app.server.url, app.server.keys.serviceRoleKey, { auth: { persistSession: false } });
  const sold = await service.from('ticket_types').update({ sold_count: 1 }).eq('event_id', ids.gone!);
  if (sold.error) throw sold.error;
});

const CASES = [
  ['en', 'en-US', { paid: 'From €5', yen: 'From ¥3,000', gone: 'Sold out', free: 'Free' }],
  ['fr', 'fr-FR', { paid: 'À partir de 5\u00a0€', yen: 'À partir de 3\u202f000\u00a0JPY', gone: 'Épuisé', free: 'Gratuit' }],
] as const;

describe("Discover's card prices", () => {
  for (const [lang, locale, words] of CASES) {
    for (const width of [360, 1280]) {
      it(`says each card's price (${lang}, ${width} px)`, async () => {
        const context = await app.browser.newContext({ locale, viewport: { width, height: 900 } });
        try {
          const page = await context.newPage();
          const errors = watchPageErrors(page);
          await page.goto(`${app.server.url}/?q=${WORD}`);
          for (const [key, title] of Object.entries(TITLES)) {
            const link = page.getByRole('link', { name: title });
            await link.waitFor(SLOW);
            const card = page.locator('main article', { has: link });
            const text = (await card.textContent()) ?? '';
            expect(text, title).toContain(words[key as keyof typeof words]);
            expect(text).not.toMatch(/1[.,]00|0,01|€1\b/); // never the hidden type's price
          }
          // The card fits the phone: no sideways scrolling.
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          expect(await seriousA11yViolations(page)).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
