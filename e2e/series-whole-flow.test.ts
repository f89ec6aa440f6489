// Issue 16's "Done when" flow in Chromium, as one test: a host makes a weekly series with two
// questions; an attendee RSVPs to the second date answering them; the host sees the answers in
// the guest list and in the CSV; the host moves "this and following" one hour later and the
// attendee's subscribed feed (parsed with ical.js) shows the new time with a higher SEQUENCE;
// the host cancels that date and the feed shows it STATUS:CANCELLED. The neighbouring files
// (series-flow, series, questions) check the screens' details; this one checks they join up.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { heading, newSignedInPage } from './support/flows.ts';
import { feedDates, readAsAnon } from './support/feeds.ts';
import { publishWeeklySeries } from './support/series.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();

const NOW = Date.now();
/** Days counted from when the test started, so a run across midnight UTC keeps its dates. */
const dayFromNow = (days: number) => new Date(NOW + days * 86_400_000).toISOString().slice(0, 10);

const rest = <T>(path: string) => readAsAnon<T>(app.server.url, path);

const questionsSection = (page: Page) => page.getByRole('region', { name: 'Registration questions' });
const rsvpBox = (page: Page) => page.getByRole('region', { name: 'Attend' });

/** Adds a question to this date and the following ones, and waits for the editor to confirm. */
async function addQuestionToFollowing(page: Page, q: { kind: string; label: string; options?: string; required: boolean }) {
  const section = questionsSection(page);
  await section.getByRole('group', { name: 'Question changes apply to' }).getByLabel('This and following events').check();
  await section.getByRole('button', { name: 'Add a question' }).click();
  const form = section.getByRole('group', { name: 'New question' });
  await form.getByLabel('Kind of answer').selectOption(q.kind);
  await form.getByLabel('Question', { exact: true }).fill(q.label);
  if (q.options) await form.getByLabel('Options').fill(q.options);
  if (q.required) await form.getByLabel('Required').check();
  await form.getByRole('button', { name: 'Save question' }).click();
  await form.waitFor({ state: 'detached', timeout: 10_000 });
  await section.getByText(q.label, { exact: false }).first().waitFor({ timeout: 10_000 });
}

describe('a weekly series, whole', () => {
  it('two questions answered on the second date, seen by the host, moved an hour later and cancelled in the feed', { timeout: 300_000 }, async () => {
    const day = dayFromNow(10);
    const title = `Sewing circle ${Date.now()}`;

    // Grace makes a weekly series of four dates at 19:00 Paris time.
    const { context: hostContext, page: host } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/events/new');
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Create an event');
    const made = await publishWeeklySeries(host, app.server.url, { title, day, dates: 4, link: 'https://meet.example.org/sewing-circle' });
    const firstSlug = made[0]!.slug;
    const second = made[1]!.slug;

    // Two questions, from the first date for it and all the following ones.
    await host.goto(`${app.server.url}/events/${firstSlug}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await addQuestionToFollowing(host, { kind: 'single_choice', label: 'Machine or hand sewing?', options: 'Machine\nHand', required: true });
    await addQuestionToFollowing(host, { kind: 'short_text', label: 'What are you making?', required: false });

    // Linus RSVPs to the second date: both questions are asked there, and he answers them.
    const { context: guestContext, page: guest } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', `/events/${second}`);
    const box = rsvpBox(guest);
    await box.getByRole('radiogroup', { name: /Machine or hand sewing\?/ }).waitFor({ timeout: 15_000 });
    await box.getByRole('radio', { name: 'Hand' }).check();
    await box.getByLabel(/What are you making\?/).fill('A quilt');
    await box.getByRole('button', { name: 'RSVP', exact: true }).click();
    await box.getByText("You're going.").waitFor({ timeout: 10_000 });
    await expect.poll(() => box.getByTestId('my-answers').textContent(), { timeout: 10_000 })
      .toBe('Machine or hand sewing?HandWhat are you making?A quilt');

    // Grace sees his answers on the second date's guest list and in its CSV, a column each.
    await host.goto(`${app.server.url}/events/${second}/manage`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe(title);
    const list = host.getByRole('region', { name: 'Guest list' });
    const row = list.getByRole('list', { name: 'Going guests' }).getByRole('listitem').filter({ hasText: '@linus' });
    await expect.poll(() => row.getByTestId('guest-answers').textContent(), { timeout: 15_000 })
      .toBe('Machine or hand sewing?HandWhat are you making?A quilt');
    const [download] = await Promise.all([host.waitForEvent('download'), list.getByRole('button', { name: 'Export CSV' }).click()]);
    const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe("Name,Username,Email,Status,Guests,Checked in (Europe/Paris),RSVP'd at (Europe/Paris),Machine or hand sewing?,What are you making?");
    expect(lines.find((l) => l.includes(',linus,'))).toMatch(/,linus,linus@example\.com,Going,0,,[\d-]+ [\d:]+,Hand,A quilt$/);

    // Linus subscribes: his feed from Settings has the second date at 19:00.
    await guest.goto(`${app.server.url}/settings#calendar`);
    const feedUrl = await guest.getByRole('region', { name: 'Calendar subscription' })
      .getByRole('textbox', { name: 'Calendar link', exact: true }).inputValue({ timeout: 15_000 });
    const mine = async () => (await feedDates(feedUrl)).find((d) => d.url.endsWith(`/events/${second}`));
    const before = (await mine())!;
    expect(before).toMatchObject({ start: `${dayFromNow(17)}T19:00`, status: 'CONFIRMED' });

    // Grace moves the second date and the following ones an hour later.
    await host.goto(`${app.server.url}/events/${second}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await host.getByLabel('Start time').fill('20:00');
    await host.getByLabel('End time').fill('22:00');
    await host.getByRole('button', { name: 'Save changes' }).click();
    const scope = host.getByRole('alertdialog', { name: 'Save changes to a repeating event' });
    await scope.getByLabel('This and following events').check();
    await scope.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => new URL(host.url()).pathname, { timeout: 20_000 }).toBe(`/events/${second}`);

    // His feed: the same date (same URL, so the same UID's event) at 20:00, with a higher SEQUENCE.
    await expect.poll(async () => (await mine())?.start, { timeout: 15_000 }).toBe(`${dayFromNow(17)}T20:00`);
    const moved = (await mine())!;
    expect(moved.status).toBe('CONFIRMED');
    expect(moved.sequence).toBeGreaterThan(before.sequence);

    // Grace cancels that one date; his feed keeps it, cancelled, with a higher SEQUENCE again.
    await host.goto(`${app.server.url}/events/${second}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await host.getByRole('button', { name: 'Cancel event' }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Cancel event' }).click();
    await expect.poll(async () => (await mine())?.status, { timeout: 15_000 }).toBe('CANCELLED');
    const cancelled = (await mine())!;
    expect(cancelled.start).toBe(`${dayFromNow(17)}T20:00`);
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
    // Only that date: the others of the series stay as they were.
    const statuses = await rest<{ status: string }[]>(`events?select=status&title=eq.${encodeURIComponent(title)}&order=starts_at`);
    expect(statuses.map((e) => e.status)).toEqual(['published', 'cancelled', 'published', 'published']);

    await hostContext.close();
    await guestContext.close();
  });
});
