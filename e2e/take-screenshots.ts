// `npm run screenshots`: pictures of each screen at phone and desktop widths for the docs.
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { projectWithEnv } from '../supabase/tests/support/payments.ts';
import { vapidKeys } from '../supabase/tests/support/push-service-double.ts';
import { startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const ENGINES = 'analytical-engines-a-hands-on-evening';
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/**
 * `locale`: shown in that language (as the footer's switcher stores it); ar-XB is the pseudo-RTL
 * locale. `prepare`: what a person does on the screen before it is taken (after it loads).
 */
type Screen = { name: string; path: string; as?: string; locale?: string; scrollTo?: string; prepare?: (page: Page) => Promise<void> };

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

async function signedInClient(username: string) {
  const client = createClient(server.url, server.keys.anonKey, { auth: { persistSession: false } });
  const { data, error } = await client.auth.signInWithPassword({ email: `${username}@example.com`, password: 'gather-demo' });
  if (error) throw error;
  return { client, userId: data.user.id };
}

/**
 * Host news for Ada's bell: two seed members who read French and German RSVP to her event, as
 * members do (through the rsvp procedure, signed in).
 */
async function rsvpAs(username: string, slug: string): Promise<void> {
  const { client } = await signedInClient(username);
  const { data: event } = await client.from('events').select('id').eq('slug', slug).single();
  const { error: rsvpError } = await client.rpc('rsvp', { event_id: event!.id, guests: 0 });
  if (rsvpError) throw rsvpError;
}
await rsvpAs('amelie', ENGINES);
await rsvpAs('jonas', ENGINES);

/** A weekly series of Grace's from tomorrow (the seed has none), so Discover shows "+7 more dates". */
async function weeklySeries(): Promise<void> {
  const { client, userId } = await signedInClient('grace');
  const start = new Date(Date.now() + 864e5);
  start.setUTCHours(18, 0, 0, 0);
  const { data: event, error } = await client.from('events').insert({
    host_id: userId, title: 'Pottery wheel evenings', category: 'arts', status: 'published', timezone: 'Europe/Lisbon',
    description: 'Two hours at the wheel, clay and glazes included.', venue_name: 'Clay studio', lat: 38.7139, lng: -9.1334,
    starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 2 * 36e5).toISOString(),
  }).select('id').single();
  if (error) throw error;
  const series = await client.rpc('create_series', { event_id: event.id, rrule: 'FREQ=WEEKLY;COUNT=8' });
  if (series.error) throw series.error;
}
await weeklySeries();

/** Picks a place in the editor's venue search: the zone follows it (decision 0300). */
async function pickTokyo(page: Page): Promise<void> {
  await page.getByLabel('Title').fill('Tokyo supper club');
  await page.getByLabel('Start time').fill('19:00');
  await page.getByLabel('End time').fill('21:00');
  await page.getByLabel('Search for a place').fill('Tokyo');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('list', { name: 'Places found' }).getByRole('button', { name: 'Tokyo, Japan', exact: true }).click({ timeout: 15_000 });
  await page.getByText("The venue's zone", { exact: false }).waitFor({ timeout: 15_000 });
  await page.getByLabel('Venue name').fill('Omoide Yokocho counter');
}

/** Invites two members by email and makes a link, so the invite page lists them (others at each width). */
const toInvite = [['hedy', 'linus'], ['margaret', 'tim']];
async function inviteTwo(page: Page): Promise<void> {
  const pair = toInvite.shift() ?? [];
  await page.getByLabel('Email addresses').fill(pair.map((u) => `${u}@example.com`).join('\n'));
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await page.getByRole('status').getByText('2 invited.').waitFor({ timeout: 15_000 });
  await page.getByLabel('Use limit (optional)').fill('20');
  await page.getByRole('button', { name: 'Create link' }).click();
  await page.getByText('Used 0 of 20 times').waitFor({ timeout: 15_000 });
}

/** Opens the header's Menu where it is one (a phone); the desktop row has none. */
async function openMenu(page: Page): Promise<void> {
  const button = page.getByRole('banner').locator('button[aria-controls="site-menu"]');
  if (!(await button.isVisible())) return;
  await button.click();
  await page.locator('#site-menu').getByRole('link').first().waitFor();
}

/** Opens the bell's list. */
async function openBell(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link').first().waitFor({ timeout: 15_000 });
}

const SCREENS: Screen[] = [
  { name: 'discover', path: '/' },
  // The cards themselves: cover, date in the venue's zone, price, a series' "+N more dates".
  { name: 'discover-cards', path: '/', scrollTo: 'text=/^\\d+ events$/' },
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
  // Issue 32: the header's Menu, a draft, the zone that follows the venue, invitations, host news.
  { name: 'header-menu', path: '/', as: 'grace@example.com', prepare: openMenu },
  { name: 'draft', path: await eventPath('Lisbon tram photo walk (draft)'), as: 'ada@example.com' },
  { name: 'editor-venue-zone', path: '/events/new', as: 'ada@example.com', prepare: pickTokyo, scrollTo: 'h2:text-is("Date and time")' },
  { name: 'invite', path: `/events/${ENGINES}/invite`, as: 'ada@example.com', prepare: inviteTwo },
  { name: 'host-notifications', path: '/', as: 'ada@example.com', prepare: openBell },
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
  // networkidle comes while a screen's data may still be on its way (realtime keeps a socket
  // open): wait for its placeholders to go, else the picture is of grey boxes.
  await page.waitForFunction(() => document.querySelectorAll('main .animate-pulse').length === 0, null, { timeout: 15_000 })
    .catch(() => console.warn(`${screen.name}: still loading after 15 s`));
  await screen.prepare?.(page);
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
