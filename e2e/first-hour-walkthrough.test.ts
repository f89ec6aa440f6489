// Issue 32's walkthrough, replayed: an organizer's first hour and a member's answer, from the
// prepared database. The organizer signs up on a phone (360 px, the header's Menu) and confirms
// through the development inbox, starts a group, creates a private weekly series at a venue in
// Tokyo from a UTC browser (the zone follows the venue), saves it as a draft (marked Draft, no
// RSVP), publishes the whole series, and at 1280 px invites a member by email and by link.
// The member (Amélie, who reads French, in Lisbon) opens the invitation from her inbox on a
// phone, signs in and answers in one step; the host's bell says so; the member's event page
// gives the venue's time with its UTC offset and her own. axe clean on every screen visited.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectCleanScreen } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, openHeaderMenu } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** "2026-12-11", `days` from now in UTC (19:00 in Tokyo is 10:00 UTC the same day). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Opens the development inbox for `to`, as a newcomer would, and follows the link matching `href`. */
async function followFromInbox(page: Page, to: string, href: string): Promise<void> {
  const link = page.locator(`a[href*="${href}"]`).first();
  await expect.poll(async () => {
    await page.goto(`${app.server.url}/_inbox?to=${encodeURIComponent(to)}`);
    return link.count();
  }, { timeout: 20_000, interval: 500 }).toBeGreaterThan(0);
  await link.click();
}

describe("an organizer's first hour and a member's answer", () => {
  it('replays issue 32: sign-up, group, Tokyo draft series, publish, invite, one-step RSVP, host news', { timeout: 120_000 }, async () => {
    const stamp = Date.now();
    const email = `organizer-${stamp}@example.com`;
    const title = `Tokyo supper club ${stamp}`;
    const day = dayFromNow(12);

    // The organizer, on a phone whose clock is UTC.
    const hostContext = await app.browser.newContext({ viewport: PHONE, timezoneId: 'UTC' });
    await hostContext.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    const host = await hostContext.newPage();
    const hostErrors = watchPageErrors(host);

    // 1. Sign up; the confirmation is in /_inbox.
    await host.goto(`${app.server.url}/auth/sign-up`);
    await host.getByLabel('Your name').fill('Oona Organizer');
    await host.getByLabel('Email').fill(email);
    await host.getByLabel('Password', { exact: true }).fill('a long password');
    await host.getByRole('button', { name: 'Create account' }).click();
    await host.getByText('Check your email').waitFor(SLOW);
    await expectCleanScreen(host, 'sign-up, check your email');
    await followFromInbox(host, email, '/auth/v1/verify');
    await expect.poll(() => new URL(host.url()).pathname, SLOW).toBe('/');

    // 2. The phone's header is one row with a Menu; Groups → Start a group.
    const banner = host.getByRole('banner');
    await banner.getByRole('button', { name: /^Notifications/ }).waitFor(SLOW);
    await openHeaderMenu(host);
    await expectCleanScreen(host, 'Discover with the header menu open');
    await host.locator('#site-menu').getByRole('link', { name: 'Groups', exact: true }).click();
    await host.getByRole('main').getByRole('link', { name: 'Start a group' }).click(SLOW);
    await host.getByRole('heading', { level: 1, name: 'Start a group' }).waitFor(SLOW);
    const groupName = `Tokyo food walkers ${stamp}`;
    await host.getByLabel('Name', { exact: true }).fill(groupName);
    await host.getByLabel('About the group').fill('Markets, stalls and *izakaya*, once a week.');
    await host.getByLabel('Category', { exact: true }).selectOption('food');
    await host.getByLabel('Search for a place').fill('Tokyo');
    await host.getByRole('button', { name: 'Search', exact: true }).click();
    await host.getByRole('list', { name: 'Places found' }).getByRole('button', { name: 'Tokyo, Japan', exact: true }).click(SLOW);
    await expectCleanScreen(host, 'start a group');
    await host.getByRole('button', { name: 'Create group' }).click();
    await expect.poll(() => heading(host), SLOW).toBe(groupName);

    // 3. The new group's call to action opens the editor in this group.
    await host.getByRole('main').getByRole('link', { name: 'Create an event' }).click(SLOW);
    await expect.poll(() => heading(host), SLOW).toBe('Create an event');
    const zone = host.getByLabel('Time zone');
    expect(await zone.inputValue()).toBe('UTC');
    await host.getByLabel('Title').fill(title);
    await host.getByLabel('Category').selectOption('food');
    await host.getByLabel('Description', { exact: true }).fill('Eight seats at a counter in Shinjuku.');
    await host.getByLabel('Starts on').fill(day);
    await host.getByLabel('Start time').fill('19:00');
    await host.getByLabel('Ends on').fill(day);
    await host.getByLabel('End time').fill('21:00');
    await host.getByLabel('Search for a place').fill('Tokyo');
    await host.getByRole('button', { name: 'Search', exact: true }).click();
    await host.getByRole('list', { name: 'Places found' }).getByRole('button', { name: 'Tokyo, Japan', exact: true }).click(SLOW);
    // The zone follows the venue, and the editor says what the times mean.
    await expect.poll(() => zone.inputValue(), SLOW).toBe('Asia/Tokyo');
    await host.getByText("The venue's zone: the times above are in Asia/Tokyo (UTC+9 then).", { exact: false }).waitFor();
    await host.getByLabel('Venue name').fill('Omoide Yokocho counter');
    await host.getByRole('radio', { name: /^Private/ }).check();
    await host.getByLabel('Repeats').selectOption('weekly');
    await host.getByRole('spinbutton', { name: 'Number of dates' }).fill('3');
    await expectCleanScreen(host, 'editor with a Tokyo venue');

    // 4. A draft: marked so on its page and on each date, and no RSVP.
    await host.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => heading(host), { timeout: 20_000 }).toBe(title);
    const slug = new URL(host.url()).pathname.split('/')[2]!;
    await host.getByRole('status').filter({ hasText: 'This event is a draft.' }).waitFor(SLOW);
    await host.getByRole('region', { name: "RSVPs open when it's published" }).waitFor(SLOW);
    await expect.poll(() => host.getByText('Draft', { exact: true }).count(), SLOW).toBe(4);
    expect(await host.getByRole('button', { name: 'RSVP', exact: true }).count()).toBe(0);
    await expectCleanScreen(host, 'draft event page');

    // 5. Publishing asks, with the whole series chosen; every date is published.
    await host.getByRole('status').filter({ hasText: 'This event is a draft.' }).getByRole('link', { name: 'Edit and publish' }).click();
    await expect.poll(() => heading(host), SLOW).toBe('Edit event');
    await host.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = host.getByRole('alertdialog', { name: 'Publish a repeating event' });
    await dialog.waitFor(SLOW);
    expect(await dialog.getByLabel('The whole series').isChecked()).toBe(true);
    await expectCleanScreen(host, 'publish dialog');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => new URL(host.url()).pathname, { timeout: 20_000 }).toBe(`/events/${slug}`);
    const dates = async () => (await app.server.db.query<{ status: string; timezone: string; starts: string }>(
      `select status, timezone, to_char(starts_at at time zone 'UTC', 'HH24:MI') as starts
         from public.events where title = $1 order by starts_at`, [title])).rows;
    await expect.poll(dates, SLOW).toEqual(Array(3).fill({ status: 'published', timezone: 'Asia/Tokyo', starts: '10:00' }));
    await expect.poll(() => host.getByRole('status').filter({ hasText: 'This event is a draft.' }).count(), SLOW).toBe(0);

    // 6. At 1280 px: invite Amélie by email, and make a link.
    await host.setViewportSize(DESKTOP);
    await host.goto(`${app.server.url}/events/${slug}/manage`);
    await host.getByRole('navigation', { name: 'Event tools' }).getByRole('link', { name: 'Invite people' }).click(SLOW);
    await expect.poll(() => heading(host), SLOW).toBe(`Invite people to ${title}`);
    await host.getByLabel('Email addresses').fill('amelie@example.com');
    await host.getByRole('button', { name: 'Send invitations' }).click();
    await host.getByRole('status').getByText('1 invited.').waitFor(SLOW);
    await host.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(async () => (await host.locator('code').first().textContent()) ?? '', SLOW).toMatch(/\/invitations\/[A-Za-z0-9_-]{20,}$/);
    await expectCleanScreen(host, 'invite page');

    // 7. Amélie, in Lisbon, reading French on a phone: the invitation from her inbox.
    const memberContext = await app.browser.newContext({ viewport: PHONE, locale: 'fr-FR', timezoneId: 'Europe/Lisbon' });
    await memberContext.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    const member = await memberContext.newPage();
    const memberErrors = watchPageErrors(member);
    await followFromInbox(member, 'amelie@example.com', '/invitations/');
    await expect.poll(() => heading(member), SLOW).toBe(title);
    await member.getByText('Oona Organizer vous invite').waitFor(SLOW);
    await expectCleanScreen(member, 'invitation, signed out (fr, 360 px)');
    await member.getByRole('link', { name: 'Se connecter pour répondre' }).click();
    await member.getByLabel('E-mail').fill('amelie@example.com');
    await member.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await member.getByRole('button', { name: 'Se connecter', exact: true }).click();
    // Back on the invitation: one click answers it.
    await member.getByRole('button', { name: 'Je participe' }).click({ timeout: 20_000 });
    await member.getByText('Vous participez.').first().waitFor(SLOW);
    await expectCleanScreen(member, 'invitation, answered (fr, 360 px)');

    // 8. The host hears of it in the bell.
    const bell = host.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toMatch(/^Notifications, \d+ unread$/);
    await bell.click();
    const news = host.getByRole('dialog', { name: 'Notifications' });
    await news.getByRole('link', { name: `Amélie Laurent is going to ${title}.` }).waitFor(SLOW);
    await expectCleanScreen(host, 'host notifications');

    // 9. Amélie's event page: Tokyo's clock labelled UTC+9, the zone named, and her own time.
    await member.getByRole('link', { name: 'Ouvrir l’événement' }).click();
    await expect.poll(() => heading(member), SLOW).toBe(title);
    const when = member.locator('main time').first();
    await when.waitFor(SLOW);
    expect(await when.textContent()).toMatch(/ · 19:00 – 21:00 UTC\+9$/);
    expect(await member.locator('main p:has(time) + p').first().textContent()).toMatch(/^Sur place : .*Japon.*\. Votre heure : .* (10:00 – 12:00 UTC|11:00 – 13:00 UTC\+1)$/);
    await expectCleanScreen(member, 'event page (fr, 360 px)');
    await member.setViewportSize(DESKTOP);
    await expectCleanScreen(member, 'event page (fr, 1280 px)');

    // Map tiles are refused (no internet here; the bundled basemap shows): nothing else failed.
    const real = (errors: string[]) => errors.filter((e) => !e.endsWith('Failed to load resource: net::ERR_FAILED'));
    expect(real(hostErrors)).toEqual([]);
    expect(real(memberErrors)).toEqual([]);
    await memberContext.close();
    await hostContext.close();
  });
});

// The page's first screen is all a phone without JavaScript gets: its header's Menu must open
// there too (a checkbox standing in for the app's button), in the visitor's language.
describe("the phone header's Menu without JavaScript", () => {
  for (const [locale, width, w] of [
    ['en-GB', 360, { menu: 'Menu', groups: 'Groups' }],
    ['de-DE', 1280, { menu: 'Menü', groups: 'Gruppen' }],
  ] as const) {
    it(`opens the list and follows a link (${locale}, ${width} px)`, async () => {
      const context = await app.browser.newContext({ javaScriptEnabled: false, locale, viewport: { width, height: 800 } });
      try {
        // The page-head function is bundled on its first call, and a page whose function takes over
        // 3 s is served without its first screen: wait until it answers in time.
        await expect.poll(async () => (await (await fetch(`${app.server.url}/`, { headers: { 'accept-language': locale } })).text()).includes('site-menu-toggle'),
          { timeout: 30_000, interval: 500 }).toBe(true);
        const page = await context.newPage();
        await page.goto(`${app.server.url}/`);
        const groups = page.locator('#site-menu').getByRole('link', { name: w.groups, exact: true });
        const toggle = page.getByRole('checkbox', { name: w.menu });
        // The app's button is not there to be pressed in vain.
        expect(await page.getByRole('button', { name: w.menu }).isVisible()).toBe(false);
        if (width >= 1024) {
          // Wide: the links are in the row, and there is no Menu to open.
          expect(await groups.isVisible()).toBe(true);
          expect(await page.locator('label[for="site-menu-toggle"]').isVisible()).toBe(false);
        } else {
          expect(await groups.isVisible()).toBe(false);
          await page.locator('label[for="site-menu-toggle"]').click();
          expect(await toggle.isChecked()).toBe(true);
          await groups.waitFor(SLOW);
          // (axe runs as a script in the page, which this page refuses: the same list is checked with
          // JavaScript on in the walkthrough above and in site-header.test.ts.)
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          // Keyboard too: Space on the focused checkbox closes it again.
          await toggle.focus();
          await page.keyboard.press('Space');
          await expect.poll(() => groups.isVisible()).toBe(false);
          await page.keyboard.press('Space');
        }
        await groups.click();
        await page.waitForURL(`${app.server.url}/groups`);
      } finally {
        await context.close();
      }
    });
  }
});
