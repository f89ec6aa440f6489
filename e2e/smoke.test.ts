import { describe, expect, it } from 'vitest';
import { useApp } from './support/use-app.ts';
import { watchPageErrors } from './support/browser.ts';
import { seriousA11yViolations } from './support/axe.ts';

const app = useApp();

describe('the app loads', () => {
  for (const width of [360, 1280]) {
    it(`shows Discover with the shell and no serious a11y issue at ${width}px`, async () => {
      const context = await app.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(app.server.url);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Discover events');
      expect(await page.title()).toContain('Gather');
      expect(await page.getByRole('navigation').getByRole('link').count()).toBeGreaterThan(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('routes on the client and answers unknown pages with a 404 screen', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await page.getByRole('link', { name: 'Back to Discover' }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Discover events');
    await page.close();
  });
});
