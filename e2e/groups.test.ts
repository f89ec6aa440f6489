import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { solidPng } from '../supabase/seed-media/png.ts';
import { expectCleanScreen } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// Communities through the real UI (issue 15): find a group on /groups, open it, join it and see
// the count move live on another viewer's screen, ask to join an approval group and get in.
// Seed (supabase/seed.sql, decision 0107): the Lisbon Analytical Society is open with 8 members;
// Linus is not in it, nor is Grace in Berlin's. Berlin Board Gamers takes requests; Linus organizes it.
const app = useApp();

// The machine is slow and shared: live updates get generous time.
const SLOW = { timeout: 20_000 };
const LISBON = 'Lisbon Analytical Society';
const BERLIN = 'Berlin Board Gamers';
const WIDTHS = [360, 1280] as const;
const NEW_GROUP = 'River walkers of the e2e';

const opened: BrowserContext[] = [];
afterAll(async () => {
  for (const context of opened) await context.close();
});

async function signedIn(username: string, next: string) {
  const session = await newSignedInPage(app.browser, app.server.url, `${username}@example.com`, next);
  opened.push(session.context);
  // The map's tiles come from tile.openstreetmap.org, which this machine cannot reach.
  await session.context.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: solidPng(1, 1, [200, 200, 200]) }));
  return session;
}

async function anonPage(width = 1280): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width, height: 900 } });
  opened.push(context);
  return context.newPage();
}

/** The member count the group page shows, as a number ("9 members" → 9). */
async function memberCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('member-count').textContent()) ?? '';
  return Number(/(\d+)/.exec(text)?.[1] ?? Number.NaN);
}

async function groupPath(name: string): Promise<string> {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data, error } = await client.from('groups').select('slug').eq('name', name).single();
  if (error) throw error;
  return `/g/${data.slug}`;
}

describe('groups', () => {
  it('a member creates a group with a city, a cover and a logo, validated with the database\'s words', async () => {
    const { page } = await signedIn('margaret', '/groups/new');
    const errors = watchPageErrors(page);
    await page.getByRole('heading', { level: 1, name: 'Start a group' }).waitFor(SLOW);
    // Nothing filled in: the database's own words, before any request.
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByText('The name must be 3 to 80 characters long.').waitFor(SLOW);
    await page.getByText("Choose the group's home city on the map.").waitFor();

    await page.getByLabel('Name', { exact: true }).fill(NEW_GROUP);
    await page.getByLabel('About the group').fill('Walks along the **river**, every other Sunday.');
    await page.getByLabel('Category', { exact: true }).selectOption('outdoors');
    await page.getByLabel('Search for a place').fill('Lisbon');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('list', { name: 'Places found' }).getByRole('button').first().click(SLOW);
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Lisbon');
    await page.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(240, 126, [67, 56, 202]) });
    await page.getByRole('img', { name: 'Cover preview' }).waitFor();
    await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(64, 64, [5, 150, 105]) });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByLabel('By approval').check();
    await page.getByRole('button', { name: 'Create group' }).click();

    await expect.poll(() => heading(page), SLOW).toBe(NEW_GROUP);
    expect(new URL(page.url()).pathname).toMatch(/^\/g\/river-walkers-of-the-e2e/);
    // Its only organizer: told how to hand over rather than offered "Leave group" (issue 32).
    await page.getByText("You're this group's organizer", { exact: true }).waitFor(SLOW);
    await page.getByRole('link', { name: 'Manage group' }).waitFor();
    expect(await memberCount(page)).toBe(1);
    const cover = page.locator('article header img').first();
    expect(await cover.getAttribute('srcset')).toContain('/storage/v1/render/image/public/group-media/');
    await page.getByRole('heading', { name: 'Organizers' }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('lists groups on /groups with search and category in the URL, and opens one', async () => {
    const page = await anonPage();
    const errors = watchPageErrors(page);
    await page.goto(`${app.server.url}/groups`);
    await page.getByRole('link', { name: LISBON }).waitFor(SLOW);
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Groups' }).waitFor();

    await page.getByLabel('Category').selectOption('games');
    await expect.poll(() => new URL(page.url()).searchParams.get('category'), SLOW).toBe('games');
    await page.getByRole('link', { name: BERLIN }).waitFor(SLOW);
    expect(await page.getByRole('link', { name: LISBON }).count()).toBe(0);

    await page.goto(`${app.server.url}/groups?q=analytical`);
    await page.getByRole('link', { name: LISBON }).click(SLOW);
    await expect.poll(() => heading(page), SLOW).toBe(LISBON);
    expect(await memberCount(page)).toBe(8);
    await page.getByRole('link', { name: 'Sign in to join' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a member joins an open group and another viewer sees the count change live', async () => {
    const path = await groupPath(LISBON);
    const watcher = await anonPage();
    await watcher.goto(`${app.server.url}${path}`);
    await expect.poll(() => memberCount(watcher), SLOW).toBe(8);

    const { page } = await signedIn('linus', path);
    await page.getByRole('button', { name: 'Join group' }).click(SLOW);
    await page.getByText("You're a member", { exact: true }).waitFor(SLOW);
    await expect.poll(() => memberCount(page), SLOW).toBe(9);
    await expect.poll(() => memberCount(watcher), SLOW).toBe(9);

    // And leaves again, after confirming.
    await page.getByRole('button', { name: 'Leave group' }).click();
    await page.getByRole('button', { name: 'Yes, leave' }).click();
    await page.getByRole('button', { name: 'Join group' }).waitFor(SLOW);
    await expect.poll(() => memberCount(watcher), SLOW).toBe(8);
  });

  it('a member asks to join an approval group, is accepted, and sees it live', async () => {
    const path = await groupPath(BERLIN);
    const { page } = await signedIn('grace', path);
    await page.getByRole('button', { name: 'Ask to join' }).click(SLOW);
    await page.getByText('Request pending: the organizers will let you know.').waitFor(SLOW);

    // Linus, the organizer, accepts from another device.
    const linus = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
    const { error: signInError } = await linus.auth.signInWithPassword({ email: 'linus@example.com', password: DEMO_PASSWORD });
    expect(signInError).toBeNull();
    const { data: grace } = await linus.from('profiles').select('id').eq('username', 'grace').single();
    const { data: group } = await linus.from('groups').select('id').eq('name', BERLIN).single();
    const { data: status, error } = await linus.rpc('decide_group_member', { group_id: group!.id, user_id: grace!.id, approve: true });
    expect(error).toBeNull();
    expect(status).toBe('active');

    await page.getByText("You're a member", { exact: true }).waitFor(SLOW);
  });

  it('is accessible at phone and desktop widths', async () => {
    const path = await groupPath(LISBON);
    for (const width of WIDTHS) {
      const page = await anonPage(width);
      for (const route of ['/groups', path, '/unsubscribe?token=nonsense']) {
        await page.goto(`${app.server.url}${route}`);
        await page.getByRole('heading', { level: 1 }).waitFor(SLOW);
        const ready = route === '/groups' ? LISBON : route === path ? 'Organizers' : "This link doesn't work";
        await page.getByRole('heading', { name: ready }).first().waitFor(SLOW);
        await expectCleanScreen(page, route);
      }
      // The form needs a member.
      const { page: member } = await signedIn('margaret', '/groups/new');
      await member.setViewportSize({ width, height: 900 });
      await member.getByRole('heading', { level: 1, name: 'Start a group' }).waitFor(SLOW);
      await member.getByRole('button', { name: 'Create group' }).click();
      await member.getByText('The name must be 3 to 80 characters long.').waitFor(SLOW);
      await expectCleanScreen(member, '/groups/new');
    }
  }, 240_000);
});
