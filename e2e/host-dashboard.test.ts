import { readFile } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/use-app.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, newSignedInPage } from './support/flows.ts';

const app = useApp();

// Ada hosts it; it needs approval and holds 12 (supabase/seed.sql).
const SLUG = 'fado-and-small-plates';
const TITLE = 'Fado and small plates';
const EVENT_PATH = `/events/${SLUG}`;
const MANAGE_PATH = `${EVENT_PATH}/manage`;

/** Clears these members' RSVPs to the event, so each test starts from a known state. */
async function resetRsvps(...usernames: string[]): Promise<string> {
  const { rows } = await app.server.db.query<{ id: string }>('select id from public.events where slug = $1', [SLUG]);
  const eventId = rows[0]!.id;
  await app.server.db.query(
    `delete from public.rsvps where event_id = $1 and user_id in (select id from public.profiles where username = any($2))`,
    [eventId, usernames],
  );
  await app.server.db.query('select private.refresh_event_stats($1)', [eventId]);
  return eventId;
}

/** A supabase-js client signed in as a demo member, as another device would be. */
async function clientFor(username: string) {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email: `${username}@example.com`, password: DEMO_PASSWORD });
  if (error) throw error;
  return client;
}

async function openDashboard(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== MANAGE_PATH) await page.goto(app.server.url + MANAGE_PATH);
  await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(TITLE);
  await page.getByRole('region', { name: 'Guest list' }).waitFor({ timeout: 15_000 });
}

const guestList = (page: Page) => page.getByRole('region', { name: 'Guest list' });

describe('the host dashboard', () => {
  it('approves a request, and the guest sees it change live; new requests arrive live too', async () => {
    const eventId = await resetRsvps('linus', 'grace');
    const linus = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', EVENT_PATH);
    const panel = linus.page.getByRole('region', { name: 'Attend' });
    await panel.getByRole('button', { name: 'Request to join' }).click();
    await linus.page.getByText("Your request is waiting for the hosts' approval.").waitFor();

    const ada = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', MANAGE_PATH);
    const errors = watchPageErrors(ada.page);
    await openDashboard(ada.page);
    // Pending requests first, when there are any.
    const pendingTab = guestList(ada.page).getByRole('tab', { name: /^Pending/ });
    expect(await pendingTab.getAttribute('aria-selected')).toBe('true');
    const pendingBefore = Number(/\((\d+)\)/.exec((await pendingTab.textContent()) ?? '')?.[1]);

    // Grace asks from her phone: the dashboard shows her without a reload.
    const grace = await clientFor('grace');
    const { error } = await grace.rpc('rsvp', { event_id: eventId, guests: 0 });
    expect(error).toBeNull();
    await guestList(ada.page).getByText('Grace Hopper').waitFor({ timeout: 10_000 });
    await expect.poll(() => pendingTab.textContent()).toBe(`Pending (${pendingBefore + 1})`);

    // Approve Linus: his event page turns to "going" by itself, and his bell says so.
    await guestList(ada.page).getByRole('button', { name: 'Approve Linus Park' }).click();
    await ada.page.getByText('Approved Linus Park.').first().waitFor();
    await linus.page.getByText("You're going.").waitFor({ timeout: 10_000 });
    await linus.page.getByText(`The hosts approved your request: you're going to ${TITLE}.`).first().waitFor({ timeout: 10_000 });
    await expect
      .poll(() => linus.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).count(), { timeout: 10_000 })
      .toBe(1);

    // Several at once: select all the remaining requests and approve them.
    await guestList(ada.page).getByLabel('Select all').check();
    await guestList(ada.page).getByRole('button', { name: 'Approve selected' }).click();
    await ada.page.getByText(/^Approved (\d+ requests|[A-Z].*)\.$/).first().waitFor();
    await guestList(ada.page).getByText('No requests are waiting for you.').waitFor();
    await guestList(ada.page).getByRole('tab', { name: /^Going/ }).click();
    await guestList(ada.page).getByText('Grace Hopper').waitFor();
    expect(errors).toEqual([]);
    await ada.context.close();
    await linus.context.close();
  });

  it('searches the list, exports it as CSV and charts RSVPs over time', async () => {
    const ada = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/events/analytical-engines-a-hands-on-evening/manage');
    const page = ada.page;
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Analytical Engines: a hands-on evening');
    const list = guestList(page);
    await list.getByRole('tab', { name: /^Going/ }).click();
    const goingCount = Number(/\((\d+)\)/.exec((await list.getByRole('tab', { name: /^Going/ }).textContent()) ?? '')?.[1]);
    expect(goingCount).toBeGreaterThan(0);

    // Search narrows the list to one name; nonsense says so.
    const firstName = (await list.getByRole('list', { name: 'Going guests' }).getByRole('listitem').first().locator('p').first().textContent())!;
    await list.getByLabel('Search guests by name').fill(firstName.slice(0, 5).toLowerCase());
    await expect.poll(() => list.getByRole('list', { name: 'Going guests' }).getByText(firstName).count()).toBe(1);
    await list.getByLabel('Search guests by name').fill('zzzz');
    await list.getByText('No one here matches “zzzz”.').waitFor();
    await list.getByLabel('Search guests by name').fill('');

    // CSV: the whole list, one row per RSVP, quoted as a spreadsheet expects.
    const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^guests-analytical-engines-a-hands-on-evening-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe("Name,Username,Email,Status,Guests,Checked in (Europe/Lisbon),RSVP'd at (Europe/Lisbon)");
    expect(lines.filter((l) => /,Going,/.test(l))).toHaveLength(goingCount);
    await page.getByText(/^Exported \d+ RSVPs?\.$/).first().waitFor();

    // The chart, with its sentence and its table for screen readers.
    const chart = page.getByRole('region', { name: 'RSVPs over time' });
    expect(await chart.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
    expect(await chart.locator('figcaption').textContent()).toMatch(new RegExp(`^${goingCount} (person|people) going by `));
    await chart.getByText('Show as a table').click();
    expect(await chart.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
    await ada.context.close();
  });

  it('adds and removes a checker by username, and says who does not exist', async () => {
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', MANAGE_PATH);
    await openDashboard(page);
    const team = page.getByRole('region', { name: 'Co-hosts and checkers' });
    await team.getByLabel('Username').fill('@nobody_here');
    await team.getByRole('button', { name: 'Add' }).click();
    await team.getByText('No member has that username.').waitFor();

    await team.getByLabel('Username').fill('@Hedy');
    await team.getByLabel('Role').selectOption('checker');
    await team.getByRole('button', { name: 'Add' }).click();
    await page.getByText('@hedy is now a checker.').first().waitFor();
    await team.getByRole('list', { name: 'Team' }).getByText('@hedy · Checker').waitFor();

    await team.getByRole('button', { name: 'Remove Hedy Lamarr from the team' }).click();
    await page.getByText('Removed Hedy Lamarr from the team.').first().waitFor();
    await team.getByText('@hedy · Checker').waitFor({ state: 'detached' });
    await context.close();
  });

  it('messages the attendees: a toast with the count, the sent list, their bell and their inbox', async () => {
    const eventId = await resetRsvps('margaret');
    // Margaret is going (approved earlier in the day, as it were).
    await app.server.db.query(
      `insert into public.rsvps (event_id, user_id, status) select $1, id, 'going' from public.profiles where username = 'margaret'`,
      [eventId],
    );
    await app.server.db.query('select private.refresh_event_stats($1)', [eventId]);
    const margaret = await newSignedInPage(app.browser, app.server.url, 'margaret@example.com', EVENT_PATH);
    const bell = margaret.page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor({ timeout: 15_000 });

    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', MANAGE_PATH);
    await openDashboard(page);
    const form = page.getByRole('region', { name: 'Message attendees' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('The subject must be 1 to 120 characters long.').waitFor();

    const { rows } = await app.server.db.query<{ n: number }>(
      `select count(*)::int as n from public.rsvps where event_id = $1 and status = 'going'`, [eventId],
    );
    await form.getByLabel('Send to').selectOption('going');
    await form.getByLabel('Subject').fill('Doors at 20:30');
    await form.getByLabel('Message').fill('The tasca opens its doors at 20:30.\nBring cash for the petiscos.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(`Message sent to ${rows[0]!.n} ${rows[0]!.n === 1 ? 'person' : 'people'}.`).first().waitFor();
    const sent = form.getByRole('list', { name: 'Sent messages' });
    await sent.getByText('Doors at 20:30', { exact: true }).waitFor();
    expect(await form.getByLabel('Subject').inputValue()).toBe('');

    // Margaret's bell rings live: a toast, then the message in the popover.
    await margaret.page.getByText(`Message from the hosts of ${TITLE}: Doors at 20:30`).first().waitFor({ timeout: 10_000 });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toMatch(/^Notifications, \d+ unread$/);
    await bell.click();
    const popover = margaret.page.getByRole('dialog', { name: 'Notifications' });
    await popover.getByRole('link', { name: /Doors at 20:30/ }).waitFor();
    expect(await seriousA11yViolations(margaret.page)).toEqual([]);
    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    // …and her inbox has the email (the `notify` function sends it after the commit).
    await expect
      .poll(async () => {
        const res = await fetch(`${app.server.url}/_inbox/messages?to=${encodeURIComponent('margaret@example.com')}`);
        const { messages } = (await res.json()) as { messages: { subject: string; text: string }[] };
        return messages.find((m) => m.subject.startsWith('Doors at 20:30'))?.text ?? '';
      }, { timeout: 20_000 })
      .toContain('Bring cash for the petiscos.');
    await context.close();
    await margaret.context.close();
  });

  it('turns away members who are not on the team', async () => {
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', MANAGE_PATH);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Host dashboard');
    await page.getByText("Only the event's hosts can do that.").waitFor();
    expect(await page.getByRole('region', { name: 'Guest list' }).count()).toBe(0);
    await context.close();
  });

  for (const width of [360, 1280]) {
    it(`has no serious a11y issue at ${width}px`, async () => {
      const { context, page } = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', MANAGE_PATH);
      await page.setViewportSize({ width, height: 900 });
      await openDashboard(page);
      await page.getByRole('list', { name: 'Team' }).waitFor();
      await page.getByRole('region', { name: 'RSVPs over time' }).waitFor();
      await expectCleanScreen(page);
      await context.close();
    });
  }
});
