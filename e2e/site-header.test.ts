// The header on one row at 360 px in every language, with a Menu that opens, is operable from the
// keyboard and navigates; from 1024 px every link in the row, even in French with an admin's
// longest set of links (issue 32, decision 0321).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { signIn } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
const LANGS = [
  ['en', 'en-US', 'Primary', 'Menu'],
  ['fr', 'fr-FR', 'Principale', 'Menu'],
  ['es', 'es-ES', 'Principal', 'Menú'],
  ['de', 'de-DE', 'Hauptnavigation', 'Menü'],
  ['pt-BR', 'pt-BR', 'Principal', 'Menu'],
] as const;

/** The header's row: its height, and whether the wordmark and the last item share one line. */
async function headerRow(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector('header > div')!;
    const logo = row.querySelector('a[href="/"]')!.getBoundingClientRect();
    // Measured with the menu closed: what is shown is what sits in the row.
    const inRow = [...row.querySelectorAll('nav a, nav button')].filter((e) => e.checkVisibility());
    const tops = inRow.map((e) => e.getBoundingClientRect()).map((r) => Math.round(r.top + r.height / 2));
    return {
      height: row.getBoundingClientRect().height,
      logoMiddle: Math.round(logo.top + logo.height / 2),
      middles: [...new Set(tops)],
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      visible: inRow.map((e) => e.textContent?.trim() || e.getAttribute('aria-label') || ''),
    };
  });
}

/** One row: no taller than the 40 px button and its padding, every item on the wordmark's line. */
function expectOneRow(row: Awaited<ReturnType<typeof headerRow>>, label: string) {
  expect(row.height, label).toBeLessThanOrEqual(65);
  expect(row.overflow, label).toBeLessThanOrEqual(0);
  for (const middle of row.middles) expect(Math.abs(middle - row.logoMiddle), `${label}: ${JSON.stringify(row)}`).toBeLessThanOrEqual(3);
}

describe('the header at 360 px', () => {
  for (const [lang, locale, primary, menuName] of LANGS) {
    it(`is one row in ${lang}, and its Menu opens, takes focus, closes on Escape and navigates`, async () => {
      const context = await app.browser.newContext({ locale, viewport: { width: 360, height: 800 } });
      try {
        const page = await context.newPage();
        const errors = watchPageErrors(page);
        await page.goto(app.server.url);
        const nav = page.getByRole('navigation', { name: primary });
        const menu = nav.getByRole('button', { name: menuName });
        await page.locator(`html[lang="${lang}"]`).waitFor(SLOW);
        // The app draws its header a task after its first render over the HTML's (decision 0248),
        // and its footer after the first paint: once the footer is there the menu works.
        await page.locator('footer select').waitFor(SLOW);
        expectOneRow(await headerRow(page), `${lang} signed out`);
        // The menu's links are not shown until it is opened.
        expect(await nav.locator('a[href="/groups"]').isVisible()).toBe(false);

        // A click on the HTML's button before the app has drawn its own does nothing: click again.
        await expect.poll(async () => {
          if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
          return menu.getAttribute('aria-expanded');
        }, SLOW).toBe('true');
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/');
        if (lang === 'en' || lang === 'fr') expect(await seriousA11yViolations(page), lang).toEqual([]);
        await page.keyboard.press('Escape');
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        expect(await menu.evaluate((b) => b === document.activeElement)).toBe(true);
        expect(await nav.locator('a[href="/groups"]').isVisible()).toBe(false);

        await menu.click();
        await nav.locator('a[href="/groups"]').click();
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/groups');
        expectOneRow(await headerRow(page), `${lang} on /groups`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('a signed-in admin (the most links) in every language', () => {
  it('sees one row at 1280 px with every link in it, and at 360 px a row with the bell and a menu holding the rest', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, app.server.url, 'ada@example.com', '/me');
      for (const [lang, , primary, menuName] of LANGS) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.locator('footer select').selectOption(lang);
        await page.locator(`html[lang="${lang}"]`).waitFor(SLOW);
        const nav = page.getByRole('navigation', { name: primary });
        await nav.locator('a[href="/admin"]').waitFor(SLOW);
        const wide = await headerRow(page);
        console.log(`header at 1280 px, ${lang}, signed in:`, JSON.stringify(wide));
        expectOneRow(wide, `${lang} at 1280`);
        for (const href of ['/', '/groups', '/events/new', '/admin', '/me', '/settings']) {
          expect(await nav.locator(`a[href="${href}"]`).isVisible(), `${lang} ${href}`).toBe(true);
        }
        expect(await nav.getByRole('button', { name: menuName }).isVisible()).toBe(false);
        if (lang === 'fr') expect(await seriousA11yViolations(page), 'fr at 1280').toEqual([]);

        await page.setViewportSize({ width: 360, height: 800 });
        const menu = nav.getByRole('button', { name: menuName });
        await menu.waitFor();
        expectOneRow(await headerRow(page), `${lang} at 360 signed in`);
        await menu.click();
        await nav.locator('a[href="/settings"]').waitFor();
        if (lang === 'fr') expect(await seriousA11yViolations(page), 'fr at 360, menu open').toEqual([]);
        await page.keyboard.press('Escape');
      }
      // The menu navigates for a member too.
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Menu' }).click();
      await page.locator('#site-menu a[href="/events/new"]').click();
      await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/events/new');
      // Back to English for the next test files' sake (the choice is saved in the profile).
      await page.locator('footer select').selectOption('en');
      await page.locator('html[lang="en"]').waitFor(SLOW);
    } finally {
      await context.close();
    }
  });
});
