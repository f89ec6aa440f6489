// `npm run screenshots`: pictures of each screen at phone and desktop widths for the docs.
import { fileURLToPath } from 'node:url';
import { startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const SCREENS = [
  { name: 'discover', path: '/' },
  { name: 'event', path: '/events/analytical-engines-a-hands-on-evening' },
  { name: 'sign-in', path: '/auth/sign-in' },
  { name: 'sign-up', path: '/auth/sign-up' },
];
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

const server = await startAppServer();
const browser = await launchBrowser();
try {
  for (const screen of SCREENS) {
    for (const [label, viewport] of Object.entries(WIDTHS)) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(server.url + screen.path, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `${OUT}${screen.name}-${label}.png` });
      await context.close();
      console.log(`docs/screenshots/${screen.name}-${label}.png`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
