import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RunningServer } from '../../server/src/index.ts';
import { startAppServer } from './app-server.ts';
import { launchBrowser } from './browser.ts';

/**
 * The whole app (fresh database with the seed) and one Chromium for the calling test file,
 * stopped after it. Read `app.server` and `app.browser` inside tests.
 */
export function useApp(): { readonly server: RunningServer; readonly browser: Browser } {
  const app = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    app.server = await startAppServer();
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
