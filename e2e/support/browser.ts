import { chromium, type Browser, type Page } from 'playwright-core';
import { testBrowserPath } from './chromium.ts';

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this
// offline machine refuses.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium for a test file; `full`: the whole browser rather than its headless shell (see testBrowserPath). */
export function launchBrowser(opts: { full?: boolean; args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: testBrowserPath(opts.full), headless: true, args: [...ARGS, ...(opts.args ?? [])] });
}

/** Collects console errors and failed requests, which a healthy page has none of. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}
