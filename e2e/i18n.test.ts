import { describe, expect, it } from 'vitest';
import { watchPageErrors } from './support/browser.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();

describe('the language', () => {
  it("follows the browser's languages, and the footer's switcher changes it in place and for the next visit", async () => {
    const context = await app.browser.newContext({ locale: 'fr-CA' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(app.server.url);
    const nav = page.getByRole('navigation', { name: 'Principale' });
    await nav.getByRole('link', { name: 'Découvrir' }).waitFor({ timeout: 15_000 });
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');

    await page.getByRole('combobox', { name: 'Langue' }).selectOption('de');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Entdecken' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');

    await page.reload();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads a page only its own strings, in one language', async () => {
    const context = await app.browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    const catalogues: string[] = [];
    page.on('request', (r) => {
      const m = /\/assets\/i18n\/([^/]+)\/([a-z-]+)\./.exec(r.url());
      if (m) catalogues.push(`${m[1]}/${m[2]}`);
    });
    await page.goto(app.server.url);
    await page.getByRole('navigation', { name: 'Principal' }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(catalogues.sort()).toEqual(['es/discover', 'es/errors', 'es/shell']);
    await context.close();
  });

  it('lays the app out right to left in the pseudo-locale', async () => {
    const context = await app.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('gather.locale', 'ar-XB'));
    const page = await context.newPage();
    await page.goto(app.server.url);
    await page.locator('html[dir="rtl"]').waitFor({ timeout: 15_000 });
    expect(await page.getAttribute('html', 'lang')).toBe('ar-XB');
    await page.getByRole('link', { name: '⟦Đîîšçööṽééŕ⟧' }).first().waitFor();
    await context.close();
  });
});
