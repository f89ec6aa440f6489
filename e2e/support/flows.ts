import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'gather-demo';
export const ENGINES_SLUG = 'analytical-engines-a-hands-on-evening';
export const ENGINES_TITLE = 'Analytical Engines: a hands-on evening';

/** The page's h1 text, once there is one. */
export async function heading(page: Page): Promise<string> {
  return (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
}

/**
 * Opens the header's menu where it is one (below 1024 px, decision 0321); where its links sit in
 * the header's row this does nothing. A click before the app has drawn its header over the
 * HTML's does nothing, so it clicks until the menu says it is open.
 */
export async function openHeaderMenu(page: Page): Promise<void> {
  const button = page.getByRole('banner').locator('button[aria-controls="site-menu"]');
  if (!(await button.isVisible())) return;
  await expect.poll(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    return button.getAttribute('aria-expanded');
  }, { timeout: 15_000 }).toBe('true');
}

/** "Sign out" in the header, through its menu on a phone. */
export async function signOutFromHeader(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out', includeHidden: true }).waitFor({ state: 'attached', timeout: 15_000 });
  await openHeaderMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
}

/** Signs in through the sign-in screen and waits to land on `next`. */
export async function signIn(page: Page, baseUrl: string, email: string, next = '/'): Promise<void> {
  await page.goto(`${baseUrl}/auth/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(next);
}

/** A fresh context signed in as `email`, on `next`; `watch` sees the page before anything loads. */
export async function newSignedInPage(browser: Browser, baseUrl: string, email: string, next: string, watch?: (page: Page) => void) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watch?.(page);
  await signIn(page, baseUrl, email, next);
  return { context, page };
}

/** "26 of 30 spots left · 4 going" → 26. */
export async function spotsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('spots-summary').textContent()) ?? '';
  const match = /(\d+) of \d+ spots? left/.exec(text);
  return match ? Number(match[1]) : text.startsWith('No spots left') ? 0 : Number.NaN;
}
