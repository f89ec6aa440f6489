import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './axe.ts';

/**
 * What every screen is checked for: axe finds nothing serious, and nothing is wider than the
 * window (what sticks out is named, to say where to look). `where` labels a failure.
 */
export async function expectCleanScreen(page: Page, where = ''): Promise<void> {
  const label = [where, `${page.viewportSize()!.width}px`].filter(Boolean).join(' at ');
  expect(await seriousA11yViolations(page), label).toEqual([]);
  const width = page.viewportSize()!.width;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth <= width) return;
  // What sticks out (and is not clipped by a scrolling or hidden box): the innermost ones push the rest out.
  const wider = await page.evaluate((w) => [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > w + 0.5)
    .filter((e) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return false;
      return true;
    })
    .filter((e, _, all) => !all.some((o) => o !== e && e.contains(o)))
    .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').slice(0, 60)}"`), width);
  expect({ scrollWidth, wider }, label).toEqual({ scrollWidth: width, wider: [] });
}

/** The same at a phone's and a desktop's width, leaving the page at the desktop's. */
export async function expectCleanAtWidths(page: Page, where: string, widths = [360, 1280]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expectCleanScreen(page, where);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
