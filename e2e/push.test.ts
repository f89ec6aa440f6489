import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/src/index.ts';
import { projectWithEnv } from '../supabase/tests/support/payments.ts';
import { startPushServiceDouble, vapidKeys, type PushServiceDouble, type TestSubscription } from '../supabase/tests/support/push-service-double.ts';
import { freePort, startAppServer } from './support/app-server.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, signIn, signOutFromHeader } from './support/flows.ts';

// A member allows notifications from Settings, the page subscribes through the service worker's
// pushManager and saves the device; a reminder made by the database goes through the real `push`
// function to the push service double (which checks the VAPID signature and decrypts), and what
// the double received is delivered to the service worker with the DevTools protocol
// (ServiceWorker.deliverPushMessage), as the browser's push service would: the worker shows it.
//
// Chromium's own push service is Google's (FCM), which this offline machine cannot reach:
// pushManager.subscribe() then never settles (measured: still pending after 15 s). So the page's
// pushManager hands out a subscription on the double instead, with keys the test made as a
// browser makes them; everything else — permission, the key from push-key, saving, sending,
// showing — is the app's own.

const SLOW = { timeout: 20_000 };
const VAPID = vapidKeys();
let server: RunningServer;
let double: PushServiceDouble;
let project: { dir: string; remove(): void };
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  double = await startPushServiceDouble(VAPID.publicKey);
  const port = await freePort();
  project = projectWithEnv({
    VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'mailto:ops@gather.test',
    PUSH_SERVICE_ORIGINS: double.url, SITE_URL: `http://127.0.0.1:${port}`,
  });
  server = await startAppServer({ project: project.dir, port });
  // The headless shell denies notifications outright: push needs the whole browser.
  browser = await launchBrowser({ full: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await double?.close();
  project?.remove();
});

/** The page's pushManager, answering with `sub` on the double (see the note at the top). */
async function browserPushOnDouble(context: BrowserContext, sub: TestSubscription): Promise<void> {
  await context.addInitScript((s: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
    const KEY = 'push-double-subscription';
    const made = (applicationServerKey: ArrayBuffer) => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey },
      getKey: () => null,
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
    const encode = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf)));
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const raw = key instanceof ArrayBuffer ? key : (key as Uint8Array).slice().buffer;
      localStorage.setItem(KEY, encode(raw));
      return made(raw) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(KEY);
      return key ? (made(decode(key)) as unknown as PushSubscription) : null;
    };
  }, { endpoint: sub.endpoint, keys: sub.keys });
}

/** The key the app subscribed with, as base64url. */
async function subscribedKey(page: Page): Promise<string | null> {
  const key = await page.evaluate(() => localStorage.getItem('push-double-subscription'));
  return key ? Buffer.from(key, 'base64').toString('base64url') : null;
}

async function notificationsShown(page: Page): Promise<{ title: string; body: string; url: string }[]> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
  });
}

describe('push notifications in Chromium', () => {
  it('a member allows notifications in Settings and the service worker shows a pushed reminder', async () => {
    const origin = new URL(server.url).origin;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['notifications'], { origin });
    const phone = double.subscribe();
    await browserPushOnDouble(context, phone);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, 'grace@example.com', '/settings');

    const device = page.getByTestId('push-device');
    await expect.poll(() => device.getAttribute('data-state'), SLOW).toBe('off');
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await page.getByText('Notifications are on for this device.').first().waitFor(SLOW);
    await expect.poll(() => device.getAttribute('data-state'), SLOW).toBe('on');
    expect(await subscribedKey(page)).toBe(VAPID.publicKey);
    const { rows: devices } = await server.db.query<{ endpoint: string }>(
      `select s.endpoint from public.push_subscriptions s join auth.users u on u.id = s.user_id where u.email = 'grace@example.com'`);
    expect(devices).toEqual([{ endpoint: phone.endpoint }]);

    // Settings › Notifications is accessible, on a phone and on a desktop.
    await page.getByRole('button', { name: 'Save push preferences' }).waitFor(SLOW);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('#notifications').scrollIntoViewIfNeeded();
      expect(await seriousA11yViolations(page), `${width} px`).toEqual([]);
    }

    // A reminder: Grace is going to an event tomorrow; the database makes the reminder.
    const { rows: [ada] } = await server.db.query<{ id: string }>(`select id from auth.users where email = 'ada@example.com'`);
    const startsAt = new Date(Date.now() + 23.5 * 3600_000);
    const { rows: [event] } = await server.db.query<{ id: string; slug: string }>(
      `insert into public.events (host_id, title, starts_at, ends_at, timezone, venue_name, lat, lng, status)
       values ($1, 'Push test picnic', $2, $3, 'Europe/Lisbon', 'Park', 38.7, -9.1, 'published') returning id, slug`,
      [ada!.id, startsAt.toISOString(), new Date(startsAt.getTime() + 2 * 3600_000).toISOString()]);
    const grace = createClient(server.url, server.keys.anonKey, { auth: { persistSession: false } });
    const signedIn = await grace.auth.signInWithPassword({ email: 'grace@example.com', password: DEMO_PASSWORD });
    if (signedIn.error) throw signedIn.error;
    const rsvp = await grace.rpc('rsvp', { event_id: event!.id, guests: 0 });
    if (rsvp.error) throw rsvp.error;
    await server.db.query('select public.create_due_reminders()');

    await expect.poll(() => double.received.filter((r) => r.endpoint === phone.endpoint).length, SLOW).toBe(1);
    expect(double.refused).toEqual([]);
    const [pushed] = double.received.filter((r) => r.endpoint === phone.endpoint);
    expect(pushed!.payload).toEqual({
      title: 'Tomorrow: Push test picnic', body: expect.stringContaining('Push test picnic'), url: `${origin}/events/${event!.slug}`,
    });

    // The push service delivers it to the browser's service worker.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: typeof registrations }) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => !r.isDeleted && r.scopeURL === `${origin}/`), SLOW).toBe(true);
    const registration = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`)!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: `${origin}/`, registrationId: registration.registrationId, data: JSON.stringify(pushed!.payload),
    });
    await expect.poll(() => notificationsShown(page), SLOW).toEqual([
      { title: 'Tomorrow: Push test picnic', body: (pushed!.payload as { body: string }).body, url: `/events/${event!.slug}` },
    ]);

    // Off again: the device is forgotten.
    await page.getByRole('button', { name: 'Turn off on this device' }).click();
    await expect.poll(() => device.getAttribute('data-state'), SLOW).toBe('off');
    expect((await server.db.query(`select 1 from public.push_subscriptions where endpoint = $1`, [phone.endpoint])).rows).toEqual([]);

    // On again, then signing out forgets the device: the next person at this computer gets none of Grace's.
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect.poll(() => device.getAttribute('data-state'), SLOW).toBe('on');
    await signOutFromHeader(page);
    await expect.poll(async () => (await server.db.query(`select 1 from public.push_subscriptions where endpoint = $1`, [phone.endpoint])).rows.length, SLOW).toBe(0);
    // The browser unsubscribes after the server forgets the row (forget-device.ts): wait for it too.
    await expect.poll(() => subscribedKey(page), SLOW).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers push after an RSVP, not before, and not again after "Not now"', async () => {
    const origin = new URL(server.url).origin;
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
    await browserPushOnDouble(context, double.subscribe());
    const page = await context.newPage();
    await signIn(page, server.url, 'linus@example.com', '/');
    await page.goto(`${origin}/events/analytical-engines-a-hands-on-evening`);
    await page.getByRole('heading', { level: 1 }).waitFor(SLOW);
    const offer = page.getByText('Get a reminder on this device before it starts?');
    const rsvp = page.getByRole('button', { name: 'RSVP', exact: true });
    const going = page.getByText("You're going.");
    await expect.poll(async () => (await rsvp.isVisible()) || (await going.isVisible()), SLOW).toBe(true);
    if (await rsvp.isVisible()) {
      expect(await offer.count()).toBe(0);
      await rsvp.click();
    }
    await offer.waitFor(SLOW);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached', ...SLOW });
    await page.reload();
    await going.waitFor(SLOW);
    expect(await offer.count()).toBe(0);
    await context.close();
  });
});
