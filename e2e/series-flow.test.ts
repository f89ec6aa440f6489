// Issue 16's whole flow in Chromium: a host makes a weekly series and gives it a required question
// for "this and following" dates; a guest RSVPs to the second date answering it and subscribes to
// their calendar feed; the host moves that date and the following ones to Thursday; the guest is
// told once — in the bell and by email — and the feeds (parsed with ical.js) show the new dates
// with a higher SEQUENCE, the RSVP and its answer kept. Axe at 360 and 1280 px along the way.
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { heading, newSignedInPage } from './support/flows.ts';
import { feedDates, readAsAnon } from './support/feeds.ts';
import { publishWeeklySeries } from './support/series.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

/** The first Tuesday at least nine days from now (its second date can move two days on). */
function tuesdayAhead(): Date {
  const d = new Date(Date.now() + 9 * 86_400_000);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000).toISOString().slice(0, 10);

const rest = <T>(path: string) => readAsAnon<T>(app.server.url, path);

async function mailKinds(to: string, kind: string): Promise<string[]> {
  const res = await fetch(`${app.server.url}/_inbox/messages?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: { kind: string; subject: string }[] };
  return messages.filter((m) => m.kind === kind).map((m) => m.subject);
}

const questionsSection = (page: Page) => page.getByRole('region', { name: 'Registration questions' });
const rsvpBox = (page: Page) => page.getByRole('region', { name: 'Attend' });
async function toastsGone(page: Page) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
}
async function axeAt(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe('a series from start to change', () => {
  it('question for the following dates, RSVP with an answer, feed, move to Thursday: told once, feeds follow', { timeout: 300_000 }, async () => {
    const tuesday = tuesdayAhead();
    const title = `Repair café ${Date.now()}`;

    // Grace makes a weekly series of four Tuesdays at 19:00 Paris time.
    const { context: hostContext, page: host } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/events/new');
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Create an event');
    const made = await publishWeeklySeries(host, app.server.url, { title, day: plusDays(tuesday, 0), dates: 4, link: 'https://meet.example.org/repair-cafe' });
    const firstSlug = made[0]!.slug;
    const second = made[1]!.slug;

    // On the first date, a required question for this and the following dates.
    await host.goto(`${app.server.url}/events/${firstSlug}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    const questions = questionsSection(host);
    const scope = questions.getByRole('group', { name: 'Question changes apply to' });
    await scope.getByLabel('This and following events').check();
    await questions.getByRole('button', { name: 'Add a question' }).click();
    const form = questions.getByRole('group', { name: 'New question' });
    await form.getByLabel('Kind of answer').selectOption('single_choice');
    await form.getByLabel('Question', { exact: true }).fill('Bringing something to fix?');
    await form.getByLabel('Options').fill('Yes\nNo');
    await form.getByLabel('Required').check();
    await form.getByRole('button', { name: 'Save question' }).click();
    await host.getByText('Question added to this date and the following ones.').waitFor({ timeout: 10_000 });
    await toastsGone(host);
    await questions.scrollIntoViewIfNeeded();
    await axeAt(host, PHONE);
    await host.screenshot({ path: `${SHOTS}series-questions-following-phone.png` });
    await axeAt(host, DESKTOP);

    // Linus RSVPs to the second date: the question is asked there too, and answered.
    const { context, page: guest } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', `/events/${second}`);
    await guest.setViewportSize(PHONE);
    const box = rsvpBox(guest);
    await box.getByRole('radiogroup', { name: /Bringing something to fix\?/ }).waitFor({ timeout: 15_000 });
    await box.getByRole('radio', { name: 'Yes' }).check();
    await box.getByRole('button', { name: 'RSVP', exact: true }).click();
    await box.getByText("You're going.").waitFor({ timeout: 10_000 });
    await toastsGone(guest);
    await axeAt(guest, PHONE);

    // He subscribes: the feed from Settings has his date, Tuesday 19:00.
    await guest.goto(`${app.server.url}/settings#calendar`);
    const feedUrl = await guest.getByRole('region', { name: 'Calendar subscription' })
      .getByRole('textbox', { name: 'Calendar link', exact: true }).inputValue({ timeout: 15_000 });
    const mine = async () => (await feedDates(feedUrl)).find((d) => d.url.endsWith(`/events/${second}`));
    const before = (await mine())!;
    expect(before).toMatchObject({ start: `${plusDays(tuesday, 7)}T19:00`, status: 'CONFIRMED' });
    const searchFeed = `${app.server.url}/functions/v1/calendar-feed?q=${encodeURIComponent(title)}`;
    expect((await feedDates(searchFeed)).map((d) => d.start).sort()).toEqual(
      [0, 7, 14, 21].map((n) => `${plusDays(tuesday, n)}T19:00`));
    // He waits on Discover with his bell.
    await guest.goto(`${app.server.url}/`);
    const bell = guest.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor({ timeout: 15_000 });

    // Grace moves the second date to Thursday, "this and following".
    await host.goto(`${app.server.url}/events/${second}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await host.getByRole('region', { name: 'Repeat from this date on' }).waitFor();
    await host.getByLabel('Starts on').fill(plusDays(tuesday, 9));
    await host.getByLabel('Ends on').fill(plusDays(tuesday, 9));
    // The pattern moves with the date, as the database will move it: Thursdays.
    const repeatDays = host.getByRole('region', { name: 'Repeat from this date on' }).getByRole('group', { name: 'On these days' });
    await expect.poll(() => repeatDays.getByRole('checkbox', { name: 'Thursday' }).isChecked()).toBe(true);
    expect(await repeatDays.getByRole('checkbox', { name: 'Tuesday' }).isChecked()).toBe(false);
    await host.getByRole('button', { name: 'Save changes' }).click();
    const dialog = host.getByRole('alertdialog', { name: 'Save changes to a repeating event' });
    await dialog.getByLabel('This and following events').check();
    await dialog.getByText('Dates the new pattern no longer has are cancelled').waitFor();
    expect(await seriousA11yViolations(host)).toEqual([]);
    await host.screenshot({ path: `${SHOTS}series-move-following-desktop.png` });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => heading(host), { timeout: 20_000 }).toBe(title);

    // The same events moved: the Tuesdays from the second on are that week's Thursdays.
    const after = await rest<{ id: string; starts_at: string; status: string }[]>(
      `events?select=id,starts_at,status&title=eq.${encodeURIComponent(title)}&order=starts_at`);
    expect(after.map((e) => e.id)).toEqual(made.map((e) => e.id));
    expect(after.map((e) => e.status)).toEqual(['published', 'published', 'published', 'published']);

    // Linus: the bell, live, then one email.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toMatch(/^Notifications, \d+ unread$/);
    await bell.click();
    const list = guest.getByRole('dialog', { name: 'Notifications' });
    await list.getByRole('link', { name: new RegExp(`${title} has a new time`) }).waitFor({ timeout: 10_000 });
    await toastsGone(guest); // the live toast of the same notice; sonner fades the stacked ones
    await axeAt(guest, PHONE);
    await guest.screenshot({ path: `${SHOTS}series-moved-bell-phone.png` });
    await axeAt(guest, DESKTOP);
    await guest.keyboard.press('Escape');
    await expect.poll(() => mailKinds('linus@example.com', 'event_changed'), { timeout: 20_000 }).toEqual([`New time: ${title}`]);

    // The feeds: his date on Thursday with a higher SEQUENCE; the search shows the new dates.
    const moved = (await mine())!;
    expect(moved).toMatchObject({ start: `${plusDays(tuesday, 9)}T19:00`, status: 'CONFIRMED' });
    expect(moved.sequence).toBeGreaterThan(before.sequence);
    expect((await feedDates(searchFeed)).map((d) => d.start).sort()).toEqual(
      [0, 9, 16, 23].map((n) => `${plusDays(tuesday, n)}T19:00`));

    // His RSVP and answer stayed with the moved date.
    await guest.goto(`${app.server.url}/events/${second}`);
    await expect.poll(() => rsvpBox(guest).getByTestId('my-answers').textContent(), { timeout: 15_000 })
      .toBe('Bringing something to fix?Yes');
    await axeAt(guest, PHONE);

    await hostContext.close();
    await context.close();
  });
});
