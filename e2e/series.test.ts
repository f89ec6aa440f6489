// Repeating events in Chromium: a host makes a weekly series in the editor, an attendee RSVPs to
// the second date from the first one's page, the host moves "this and following" an hour later,
// then cancels one date. The database is read through the REST API as the public would.
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANON_KEY } from '../server/src/config/default-keys.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

type Row = { slug: string; starts_at: string; status: string; series_position: number };

async function rest<T>(path: string): Promise<T> {
  const res = await fetch(`${app.server.url}/rest/v1/${path}`, { headers: { apikey: DEFAULT_ANON_KEY } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The series' dates as anyone sees them, with the wall-clock start in Paris. */
async function seriesOf(slug: string): Promise<{ local: string; status: string; slug: string }[]> {
  const [first] = await rest<{ series_id: string }[]>(`events?select=series_id&slug=eq.${slug}`);
  const family = await rest<{ id: string }[]>(`event_series?select=id&or=(id.eq.${first!.series_id},parent_series_id.eq.${first!.series_id})`);
  const rows = await rest<Row[]>(`events?select=slug,starts_at,status,series_position&series_id=in.(${family.map((s) => s.id).join(',')})&order=starts_at`);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
  return rows.map((r) => ({ local: time.format(new Date(r.starts_at)), status: r.status, slug: r.slug }));
}

const seriesSection = (page: Page) => page.getByRole('region', { name: 'Part of a series' });

describe('a weekly series', () => {
  it('is made in the editor, RSVPed date by date, moved from a date on, and one date cancelled', { timeout: 240_000 }, async () => {
    const { context: hostContext, page: host } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/events/new');
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Create an event');
    const title = `Thursday code club ${Date.now()}`;
    const day = dayFromNow(10);
    await host.getByLabel('Title').fill(title);
    await host.getByLabel('Starts on').fill(day);
    await host.getByLabel('Start time').fill('19:00');
    await host.getByLabel('Ends on').fill(day);
    await host.getByLabel('End time').fill('21:00');
    await host.getByLabel('Time zone').fill('Europe/Paris');
    await host.getByLabel('Online link').fill('https://meet.example.org/code-club');

    await host.getByLabel('Repeats').selectOption('weekly');
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
    await expect.poll(() => host.getByRole('checkbox', { name: weekday }).isChecked()).toBe(true);
    await host.getByRole('spinbutton', { name: 'Number of dates' }).fill('4');
    expect(await seriousA11yViolations(host)).toEqual([]);
    await host.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => heading(host), { timeout: 20_000 }).toBe(title);
    const firstSlug = new URL(host.url()).pathname.split('/')[2]!;
    await seriesSection(host).waitFor();
    expect(await seriesOf(firstSlug)).toEqual([
      expect.objectContaining({ local: '19:00', status: 'published', slug: firstSlug }),
      expect.objectContaining({ local: '19:00', status: 'published' }),
      expect.objectContaining({ local: '19:00', status: 'published' }),
      expect.objectContaining({ local: '19:00', status: 'published' }),
    ]);
    const [, second, third] = await seriesOf(firstSlug);

    // The host's /me lists the series once, not once a week.
    await host.goto(`${app.server.url}/me`);
    await host.getByRole('tab', { name: /^Hosting/ }).click();
    const hosting = host.getByRole('list', { name: 'Events you host' });
    await hosting.getByRole('link', { name: title, exact: true }).first().waitFor({ timeout: 15_000 });
    expect(await hosting.getByRole('link', { name: title, exact: true }).count()).toBe(1);
    await hosting.getByText('Repeats: 3 more dates in this series').waitFor();

    // The attendee RSVPs to the second date from the first one's page, in one click.
    const { context: fanContext, page: fan } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', `/events/${firstSlug}`);
    await seriesSection(fan).waitFor({ timeout: 15_000 });
    const dates = seriesSection(fan).getByRole('listitem');
    await expect.poll(() => dates.count()).toBe(4);
    await dates.nth(1).getByRole('button', { name: /^RSVP to / }).click();
    await dates.nth(1).getByText('Going', { exact: true }).waitFor();
    expect(await seriousA11yViolations(fan)).toEqual([]);

    // Screenshots of the series on the event page, desktop then phone width.
    await seriesSection(fan).scrollIntoViewIfNeeded();
    await fan.screenshot({ path: `${SHOTS}series-desktop.png` });
    await fan.setViewportSize({ width: 360, height: 780 });
    await seriesSection(fan).scrollIntoViewIfNeeded();
    await fan.screenshot({ path: `${SHOTS}series-phone.png` });

    // The host moves the second date and the following ones an hour later.
    await host.goto(`${app.server.url}/events/${second!.slug}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await host.getByLabel('Start time').fill('20:00');
    await host.getByLabel('End time').fill('22:00');
    await host.getByRole('button', { name: 'Save changes' }).click();
    const scope = host.getByRole('alertdialog', { name: 'Save changes to a repeating event' });
    await scope.getByLabel('This and following events').check();
    await scope.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => new URL(host.url()).pathname, { timeout: 20_000 }).toBe(`/events/${second!.slug}`);
    await expect.poll(async () => (await seriesOf(firstSlug)).map((d) => d.local)).toEqual(['19:00', '20:00', '20:00', '20:00']);

    // The attendee's RSVP stayed on the moved date.
    await fan.goto(`${app.server.url}/events/${firstSlug}`);
    await seriesSection(fan).getByRole('listitem').nth(1).getByText('Going', { exact: true }).waitFor({ timeout: 15_000 });

    // The host cancels the third date only.
    await host.goto(`${app.server.url}/events/${third!.slug}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await host.getByRole('button', { name: 'Cancel event' }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Cancel event' }).click();
    await expect.poll(async () => (await seriesOf(firstSlug)).map((d) => d.status), { timeout: 15_000 }).toEqual(
      ['published', 'published', 'cancelled', 'published']);
    await fan.reload();
    await seriesSection(fan).getByRole('listitem').nth(2).getByText('Cancelled', { exact: true }).waitFor({ timeout: 15_000 });

    await hostContext.close();
    await fanContext.close();
  });
});
