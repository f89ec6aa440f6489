// Honest drafts in Chromium at 360 px (issue 32 item 3, decision 0304): a host saves a weekly
// series as a draft; its page says "Draft" (banner and badge, each date of the series too) and
// offers no RSVP, a note instead (axe clean), as does its host dashboard; publishing from the first date's editor opens the
// publish dialog with "The whole series" chosen, and every date is published — the page then
// drops the marker and a member can RSVP.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectCleanScreen } from './support/layout.ts';
import { readAsAnon } from './support/feeds.ts';
import { heading, signIn } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();

const PHONE = { width: 360, height: 800 };
const day = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);

async function phonePage(email: string, next: string): Promise<Page> {
  const context = await app.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, app.server.url, email, next);
  return page;
}

describe('a draft series', () => {
  it('says Draft, takes no RSVP, and is published whole from the dialog', { timeout: 240_000 }, async () => {
    const title = `Draft book club ${Date.now()}`;
    const host = await phonePage('grace@example.com', '/events/new');
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Create an event');
    await host.getByLabel('Title').fill(title);
    await host.getByLabel('Starts on').fill(day);
    await host.getByLabel('Start time').fill('19:00');
    await host.getByLabel('Ends on').fill(day);
    await host.getByLabel('End time').fill('21:00');
    await host.getByLabel('Time zone').fill('Europe/Paris');
    await host.getByLabel('Online link').fill('https://meet.example.org/book-club');
    await host.getByLabel('Repeats').selectOption('weekly');
    await host.getByRole('spinbutton', { name: 'Number of dates' }).fill('3');
    await host.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => heading(host), { timeout: 20_000 }).toBe(title);
    const firstSlug = new URL(host.url()).pathname.split('/')[2]!;

    // The draft's page: the banner, the badge, the note where the RSVP panel was, no RSVP button.
    const banner = host.getByRole('status').filter({ hasText: 'This event is a draft.' });
    await banner.waitFor({ timeout: 15_000 });
    await host.getByRole('region', { name: "RSVPs open when it's published" }).waitFor({ timeout: 15_000 });
    expect(await host.getByRole('button', { name: 'RSVP', exact: true }).count()).toBe(0);
    expect(await host.getByRole('region', { name: 'Attend' }).count()).toBe(0);
    // "Draft" on the page's badge and beside each of the series' three dates.
    await expect.poll(() => host.getByText('Draft', { exact: true }).count(), { timeout: 15_000 }).toBe(4);
    await expectCleanScreen(host);
    // Not published: the public reads none of its dates.
    expect(await readAsAnon<unknown[]>(app.server.url, `events?select=id&title=eq.${encodeURIComponent(title)}`)).toEqual([]);

    // The host dashboard says so too.
    await host.goto(`${app.server.url}/events/${firstSlug}/manage`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe(title);
    await host.getByText('Only the hosts see this event until it is published; it takes no RSVPs yet.').waitFor({ timeout: 15_000 });
    expect(await host.getByText('Draft', { exact: true }).count()).toBe(1);

    // Publishing from the first date asks, and the whole series is the default.
    await host.goto(`${app.server.url}/events/${firstSlug}`);
    await host.getByRole('status').filter({ hasText: 'This event is a draft.' }).getByRole('link', { name: 'Edit and publish' }).click();
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await host.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = host.getByRole('alertdialog', { name: 'Publish a repeating event' });
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.getByLabel('The whole series').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Only this date').isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => new URL(host.url()).pathname, { timeout: 20_000 }).toBe(`/events/${firstSlug}`);

    const statuses = async () =>
      (await readAsAnon<{ status: string }[]>(app.server.url, `events?select=status&title=eq.${encodeURIComponent(title)}&order=starts_at`))
        .map((e) => e.status);
    await expect.poll(statuses, { timeout: 15_000 }).toEqual(['published', 'published', 'published']);
    await host.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
    await expect.poll(() => host.getByRole('status').filter({ hasText: 'This event is a draft.' }).count(), { timeout: 15_000 }).toBe(0);

    // A member now gets the RSVP button on the last date.
    const [, , last] = await readAsAnon<{ slug: string }[]>(app.server.url,
      `events?select=slug&title=eq.${encodeURIComponent(title)}&order=starts_at`);
    const member = await phonePage('linus@example.com', `/events/${last!.slug}`);
    await member.getByRole('region', { name: 'Attend' }).getByRole('button', { name: 'RSVP', exact: true }).waitFor({ timeout: 15_000 });
    expect(await member.getByText('Draft', { exact: true }).count()).toBe(0);
    await member.context().close();
    await host.context().close();
  });
});
