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
    app.server = await takeAppServer();
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}

/**
 * A started app server, and this worker's next file's started in the background: a start costs
 * ~3 s and ~5 CPU-s (PGlite from the image, the REST schema cache), which then overlaps this
 * file's tests instead of delaying the next file (decision 0439). A worker's files share this
 * module because it runs them in one process (isolate: false). Each server is still a fresh copy
 * of the prepared database, used by one file only.
 */
async function takeAppServer(): Promise<RunningServer> {
  const taken = await (spare?.catch(() => startAppServer()) ?? startAppServer());
  spare = startAppServer();
  spare.catch(() => undefined);
  return taken;
}
let spare: Promise<RunningServer> | undefined;
