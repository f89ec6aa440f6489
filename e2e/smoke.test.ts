import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/src/index.ts';
import { startAppServer } from './support/app-server.ts';
import { launchBrowser, watchPageErrors } from './support/browser.ts';
import { seriousA11yViolations } from './support/axe.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the app loads', () => {
  for (const width of [360, 1280]) {
    it(`shows Discover with the shell and no serious a11y issue at ${width}px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(server.url);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Discover events');
      expect(await page.title()).toContain('Gather');
      expect(await page.getByRole('navigation').getByRole('link').count()).toBeGreaterThan(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('routes on the client and answers unknown pages with a 404 screen', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await page.getByRole('link', { name: 'Back to Discover' }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Discover events');
    await page.close();
  });
});
