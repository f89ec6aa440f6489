// `npm run screenshots`: pictures of each screen at phone and desktop widths for the docs.
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { projectWithEnv } from '../supabase/tests/support/payments.ts';
import { vapidKeys } from '../supabase/tests/support/push-service-double.ts';
import { startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const ENGINES = 'analytical-engines-a-hands-on-evening';
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/** `locale`: shown in that language (as the footer's switcher stores it); ar-XB is the pseudo-RTL locale. */
type Screen = { name: string; path: string; as?: string; locale?: string; scrollTo?: string };

// With VAPID keys, as a server that sends push notifications has (docs/push-notifications.md).
const project = projectWithEnv({ ...Object.fromEntries(Object.entries(vapidKeys()).map(([k, v]) => [k === 'publicKey' ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY', v])) });
const server = await startAppServer({ project: project.dir });

/** A going RSVP of a seed member (Grace), for the ticket screen. */
async function ticketPath(): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `select r.id from public.rsvps r join public.profiles p on p.id = r.user_id
     where p.username = 'grace' and r.status = 'going' order by r.created_at limit 1`,
  );
  return `/tickets/${rows[0]!.id}`;
}

/** A seed event's page by its title (the Riverside picnic's slug is made when the seed runs). */
async function eventPath(title: string): Promise<string> {
  const { rows } = await server.db.query<{ slug: string }>('select slug from public.events where title = $1', [title]);
  return `/events/${rows[0]!.slug}`;
}

const SCREENS: Screen[] = [
  { name: 'discover', path: '/' },
  { name: 'discover-map', path: '/?view=map' },
  { name: 'discover-calendar', path: '/?view=calendar' },
  { name: 'event', path: `/events/${ENGINES}` },
  { name: 'sign-in', path: '/auth/sign-in' },
  { name: 'sign-up', path: '/auth/sign-up' },
  { name: 'profile', path: '/u/ada' },
  { name: 'editor', path: '/events/new', as: 'ada@example.com' },
  { name: 'me', path: '/me', as: 'grace@example.com' },
  { name: 'settings', path: '/settings', as: 'grace@example.com' },
  // Issue 33: push notifications in Settings › Notifications.
  { name: 'settings-push', path: '/settings', as: 'grace@example.com', scrollTo: '#push-settings-title' },
  { name: 'ticket', path: await ticketPath(), as: 'grace@example.com' },
  // Issue 33: picks with reasons, group discussions, private messages, an event's album.
  { name: 'for-you', path: '/', as: 'grace@example.com', scrollTo: '#for-you-heading' },
  { name: 'group-discussions', path: '/g/lisbon-analytical-society', as: 'grace@example.com', scrollTo: '#group-discussions' },
  { name: 'messages', path: '/messages', as: 'grace@example.com' },
  { name: 'album', path: await eventPath('Riverside picnic'), as: 'ada@example.com', scrollTo: '#album-heading' },
  { name: 'manage', path: `/events/${ENGINES}/manage`, as: 'ada@example.com' },
  { name: 'check-in', path: `/events/${ENGINES}/check-in`, as: 'ada@example.com' },
  { name: 'admin', path: '/admin', as: 'ada@example.com' },
  { name: 'groups', path: '/groups' },
  { name: 'group', path: '/g/lisbon-analytical-society' },
  { name: 'group-new', path: '/groups/new', as: 'grace@example.com' },
  // Issue 20: French, and the pseudo-locale that is accented, lengthened and right to left.
  { name: 'discover-fr', path: '/', locale: 'fr' },
  { name: 'event-fr', path: `/events/${ENGINES}`, locale: 'fr' },
  { name: 'discover-rtl', path: '/', locale: 'ar-XB' },
  { name: 'event-rtl', path: `/events/${ENGINES}`, locale: 'ar-XB' },
];

// `node e2e/take-screenshots.ts groups group` retakes only those screens.
const only = new Set(process.argv.slice(2));

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${server.url}/auth/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('gather-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
}

async function shoot(browser: Browser, screen: Screen, label: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  // No internet here: map tiles fail and the bundled world basemap shows, as it would offline.
  await context.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  const page = await context.newPage();
  if (screen.as) await signIn(page, screen.as);
  if (screen.locale) await context.addInitScript((l) => localStorage.setItem('gather.locale', l), screen.locale);
  await page.goto(server.url + screen.path, { waitUntil: 'networkidle' });
  if (screen.locale) await page.locator(`html[lang="${screen.locale}"]`).waitFor({ timeout: 15_000 });
  if (screen.scrollTo) {
    await page.locator(screen.scrollTo).waitFor({ timeout: 15_000 });
    await page.locator(screen.scrollTo).evaluate((e) => {
      e.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -24);
    });
    await page.waitForTimeout(300);
  }
  await page.screenshot({ path: `${OUT}${screen.name}-${label}.png` });
  await context.close();
  console.log(`docs/screenshots/${screen.name}-${label}.png`);
}

const browser = await launchBrowser();
try {
  for (const screen of SCREENS.filter((s) => only.size === 0 || only.has(s.name))) {
    for (const [label, viewport] of Object.entries(WIDTHS)) await shoot(browser, screen, label, viewport);
  }
} finally {
  await browser.close();
  await server.close();
  project.remove();
}
