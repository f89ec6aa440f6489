import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, ENGINES_SLUG, ENGINES_TITLE, heading, newSignedInPage, spotsLeft } from './support/flows.ts';
import { linkFromInbox } from './support/inbox.ts';
import { useApp } from './support/use-app.ts';

// One newcomer's first day, end to end through the real UI: sign up, find events (list and
// map), RSVP, wait in line and get promoted, talk in the comments, sign out. The steps share
// the newcomer's browser context, so they run in order and each builds on the one before.
const app = useApp();

// The machine is slow and shared: live updates get generous time.
const SLOW = { timeout: 20_000 };
const EVENT_PATH = `/events/${ENGINES_SLUG}`;
// Only this seeded event mentions the Tagus (supabase/seed.sql).
const MAP_TITLE = 'Sunset walk along the Tagus';
// Created for the waitlist step: one seat, taken.
const FULL_TITLE = 'One-seat supper for the journey test';

// The app's tiles come from tile.openstreetmap.org, which this machine cannot reach.
const TILES = 'https://tile.openstreetmap.org/**';
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPYu3srAASMAlD4WxRYAAAAAElFTkSuQmCC',
  'base64',
);

const newcomer = { name: 'Nadia Newcomer', email: `nadia-${Date.now()}@example.com`, password: 'a long password' };
const state = {} as { context: BrowserContext; page: Page; errors: string[]; grace?: { context: BrowserContext; page: Page } };

afterAll(async () => {
  await state.grace?.context.close();
  await state.context?.close();
});

/** A supabase-js client signed in as a demo member, as another device would be. */
async function clientFor(username: string) {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data, error } = await client.auth.signInWithPassword({ email: `${username}@example.com`, password: DEMO_PASSWORD });
  if (error) throw error;
  return { client, userId: data.user.id };
}

const attend = (page: Page) => page.getByRole('region', { name: 'Attend' });
const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });

describe('a new member\'s journey', () => {
  it('signs up, confirms from the inbox and is signed in', async () => {
    state.context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await state.context.route(TILES, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }));
    state.page = await state.context.newPage();
    state.errors = watchPageErrors(state.page);
    const { page } = state;

    await page.goto(`${app.server.url}/auth/sign-up`);
    await page.getByLabel('Your name').fill(newcomer.name);
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your email').waitFor(SLOW);

    await page.goto(await linkFromInbox(app.server.url, newcomer.email, 'confirmation'));
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/');
    await page.getByRole('button', { name: 'Sign out' }).waitFor(SLOW);
    expect(await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Sign in' }).count()).toBe(0);
  });

  it('finds an event by search on Discover, and another from a pin on the map', async () => {
    const { page } = state;
    await page.getByRole('searchbox', { name: 'Search events' }).fill('engines');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), SLOW).toBe('engines');
    // The first link is the search result's: "For you", below the results, may pick it too.
    await page.getByRole('link', { name: ENGINES_TITLE }).first().click(SLOW);
    await expect.poll(() => heading(page), SLOW).toBe(ENGINES_TITLE);
    expect(new URL(page.url()).pathname).toBe(EVENT_PATH);

    // The map view: a search, then the Map tab (which keeps it); one pin, whose popup links to the event.
    await page.goto(app.server.url);
    await page.getByRole('searchbox', { name: 'Search events' }).fill('Tagus');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: MAP_TITLE }).waitFor(SLOW);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Map' }).click();
    await page.getByRole('region', { name: 'Map of events' }).waitFor(SLOW);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Tagus');
    const pin = page.locator(`.gather-map .gather-pin[title="${MAP_TITLE}"]`);
    await pin.waitFor(SLOW);
    await expect.poll(() => page.locator('.gather-map .gather-pin').count(), SLOW).toBe(1);
    // Let the fit-to-pins zoom settle before clicking, or the pin moves under the pointer.
    await page.waitForFunction(() => !document.querySelector('.leaflet-cluster-anim, .leaflet-zoom-anim'));
    await pin.click();
    const link = page.locator('.leaflet-popup-content').getByRole('link', { name: MAP_TITLE });
    await link.click(SLOW);
    await expect.poll(() => heading(page), SLOW).toBe(MAP_TITLE);
  });

  it('RSVPs to an event with free spots, and sees another member\'s RSVP change the count live', async () => {
    const { page } = state;
    await page.goto(app.server.url + EVENT_PATH);
    await expect.poll(() => heading(page), SLOW).toBe(ENGINES_TITLE);

    // Grace, on her own device, starts without an RSVP whatever the seed gave her.
    state.grace = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', EVENT_PATH);
    const grace = state.grace.page;
    await attend(grace).getByRole('button').first().waitFor(SLOW);
    if (await attend(grace).getByRole('button', { name: 'Cancel RSVP' }).isVisible()) {
      await attend(grace).getByRole('button', { name: 'Cancel RSVP' }).click();
      await attend(grace).getByRole('button', { name: 'RSVP', exact: true }).waitFor(SLOW);
    }
    // Both pages agree on the count before anyone acts.
    await expect.poll(async () => (await spotsLeft(page)) === (await spotsLeft(grace)), SLOW).toBe(true);
    const before = await spotsLeft(page);
    expect(before).toBeGreaterThan(2);

    await attend(page).getByRole('button', { name: 'RSVP', exact: true }).click();
    await attend(page).getByText("You're going.").waitFor(SLOW);
    await attend(page).getByRole('button', { name: 'Cancel RSVP' }).waitFor();
    await expect.poll(() => spotsLeft(page), SLOW).toBe(before - 1);

    // Grace RSVPs: the newcomer's counter follows without a reload.
    await expect.poll(() => spotsLeft(grace), SLOW).toBe(before - 1);
    await attend(grace).getByRole('button', { name: 'RSVP', exact: true }).click();
    await attend(grace).getByText("You're going.").waitFor(SLOW);
    await expect.poll(() => spotsLeft(page), SLOW).toBe(before - 2);
  });

  it('joins the waitlist of a full event and is promoted live when a spot opens, with a notification', async () => {
    const { page } = state;
    // Linus hosts a one-seat supper in a few days; Margaret takes the seat.
    const linus = await clientFor('linus');
    const startsAt = new Date(Date.now() + 4 * 86_400_000);
    const { data: event, error } = await linus.client
      .from('events')
      .insert({
        host_id: linus.userId,
        title: FULL_TITLE,
        description: 'A table for one, and a line for the rest.',
        category: 'food',
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
        timezone: 'Europe/Berlin',
        venue_name: 'Spielwiese Café',
        address: 'Oranienstraße 35, Berlin',
        lat: 52.501,
        lng: 13.419,
        capacity: 1,
        waitlist_enabled: true,
        status: 'published',
      })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    const margaret = await clientFor('margaret');
    expect((await margaret.client.rpc('rsvp', { event_id: event!.id, guests: 0 })).error).toBeNull();

    await page.goto(`${app.server.url}/events/${event!.slug}`);
    await expect.poll(() => heading(page), SLOW).toBe(FULL_TITLE);
    await expect.poll(() => page.getByTestId('spots-summary').textContent(), SLOW).toMatch(/^No spots left · 1 going/);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor(SLOW);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    await attend(page).getByRole('button', { name: 'Join the waitlist' }).click();
    await attend(page).getByText("You're on the waitlist, number 1.").waitFor(SLOW);
    await attend(page).getByRole('button', { name: 'Leave the waitlist' }).waitFor();
    await expect.poll(() => page.getByTestId('spots-summary').textContent(), SLOW).toContain('1 on the waitlist');

    // Margaret cancels from her phone: the newcomer is going, live, and the bell says why.
    expect((await margaret.client.rpc('cancel_rsvp', { event_id: event!.id })).error).toBeNull();
    await attend(page).getByText("You're going.").waitFor(SLOW);
    await attend(page).getByRole('button', { name: 'Cancel RSVP' }).waitFor();
    const promoted = `A spot opened up: you're going to ${FULL_TITLE}.`;
    await expect.poll(() => bell.getAttribute('aria-label'), SLOW).toBe('Notifications, 1 unread');
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await popover.getByRole('link', { name: new RegExp(promoted.replace(/[.?]/g, '\\$&')) }).waitFor(SLOW);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden', ...SLOW });
  });

  it('comments on the event and sees another member\'s comment arrive live', async () => {
    const { page } = state;
    const grace = state.grace!.page;
    await page.goto(app.server.url + EVENT_PATH);
    await expect.poll(() => heading(page), SLOW).toBe(ENGINES_TITLE);
    await comments(page).getByText('Can I bring my own LEGO Technic?').waitFor(SLOW);

    await page.getByLabel('Add a comment').fill('First time here: is it fine to come straight from work?');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.getByText('Comment posted').first().waitFor(SLOW);
    await comments(page)
      .getByRole('article', { name: `Comment by ${newcomer.name}` })
      .filter({ hasText: 'straight from work' })
      .waitFor(SLOW);

    // Grace answers from her page; it appears on the newcomer's without a reload.
    await comments(grace).getByText('straight from work').waitFor(SLOW);
    await grace.getByLabel('Add a comment').fill('Of course, most of us do. See you there!');
    await grace.getByRole('button', { name: 'Post comment' }).click();
    await comments(page)
      .getByRole('article', { name: 'Comment by Grace Hopper' })
      .filter({ hasText: 'most of us do' })
      .waitFor(SLOW);
  });

  it('signs out from the header, and /me then asks to sign in', async () => {
    const { page } = state;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Signed out').first().waitFor(SLOW);
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Sign in' }).waitFor(SLOW);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);

    await page.goto(`${app.server.url}/me`);
    await expect.poll(() => heading(page), SLOW).toBe('Sign in');
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/me');
    expect(state.errors).toEqual([]);
  });
});
