// The a11y check every screen goes through must find what it is there to find.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { ruleViolations, seriousA11yViolations } from './axe.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('names serious violations, including inside a custom element, and passes a clean page', async () => {
  const page = await browser.newPage();
  await page.setContent(`<html lang="en"><head><title>t</title></head><body><main><h1>Clean</h1><p>Fine text.</p></main></body></html>`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setContent(`<html lang="en"><head><title>t</title></head><body><main><h1>Broken</h1>
    <p style="color:#bbb;background:#fff">Faint text</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <x-card></x-card></main>
    <script>customElements.define('x-card', class extends HTMLElement { connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<button></button>'; } });</script></body></html>`);
  const found = await seriousA11yViolations(page);
  expect(found).toContain('image-alt: img');
  expect(found.some((v) => v.startsWith('color-contrast: '))).toBe(true);
  expect(found.some((v) => v.startsWith('button-name: x-card'))).toBe(true);
  await page.close();
});

it('reports the named rules only, whatever their impact', async () => {
  const page = await browser.newPage();
  await page.setContent(`<html lang="en"><head><title>t</title></head><body><main><h1>A</h1><h3>Skipped a level</h3><img src="x.png"></main></body></html>`);
  expect(await ruleViolations(page, ['heading-order'])).toEqual(['heading-order: h3']);
  await page.close();
});
