import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { useApp } from './support/use-app.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { ENGINES_SLUG, ENGINES_TITLE, heading, newSignedInPage, spotsLeft } from './support/flows.ts';

const app = useApp();

const EVENT_PATH = `/events/${ENGINES_SLUG}`;

/** Leaves the viewer without an RSVP, whatever the seed gave them. */
async function ensureNotGoing(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Attend' });
  await panel.getByRole('button').first().waitFor({ timeout: 15_000 });
  const cancel = panel.getByRole('button', { name: 'Cancel RSVP' });
  if (await cancel.isVisible()) {
    await cancel.click();
    await panel.getByRole('button', { name: 'RSVP', exact: true }).waitFor();
  }
}

/** Spots left as committed, read from the database rather than from a page. */
async function committedSpotsLeft(): Promise<number> {
  const { rows } = await app.server.db.query<{ spots_left: number }>(
    'select s.spots_left from public.event_stats s join public.events e on e.id = s.event_id where e.slug = $1',
    [ENGINES_SLUG],
  );
  return rows[0]!.spots_left;
}

describe('the event page', () => {
  it('shows the event to anyone, with times, place, calendar links and metadata', async () => {
    const page = await app.browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(app.server.url + EVENT_PATH);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(ENGINES_TITLE);
    expect(await page.title()).toBe(`${ENGINES_TITLE} · Gather`);
    // The title is the HTML's first screen; the rest renders once the app has taken over.
    await page.getByText('LX Factory').first().waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: /Directions on OpenStreetMap/ }).getAttribute('href')).toContain('openstreetmap.org');
    expect(await page.getByRole('link', { name: 'Sign in to RSVP' }).getAttribute('href')).toBe(
      `/auth/sign-in?next=${encodeURIComponent(EVENT_PATH)}`,
    );
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'Event', name: ENGINES_TITLE, location: { name: 'LX Factory' } });
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(ENGINES_TITLE);

    // The calendar file comes from the event-ics function.
    const ics = await page.getByRole('link', { name: /Add to calendar/ }).getAttribute('href');
    const res = await fetch(new URL(ics!, app.server.url));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('BEGIN:VEVENT');
    expect(await page.getByRole('link', { name: /Google Calendar/ }).getAttribute('href')).toContain('calendar.google.com');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets a member RSVP and cancel, and shows another member\'s RSVP live', async () => {
    const grace = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', EVENT_PATH);
    const linus = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', EVENT_PATH);
    // Closed however the test ends: a retry after a failure counted the first try's pages among
    // the viewers ("4 people viewing").
    onTestFinished(() => Promise.all([grace.context.close(), linus.context.close()]).then(() => undefined));
    await ensureNotGoing(grace.page);
    await ensureNotGoing(linus.page);
    // Both pages are live (each sees the other's presence, which follows its channel's join)
    // before anyone acts: a change committed before a channel joins is never delivered to it.
    for (const { page } of [grace, linus]) {
      await expect.poll(() => page.getByTestId('viewers-count').textContent().catch(() => ''), { timeout: 15_000 }).toBe('2 people viewing');
    }

    // ensureNotGoing's cancels reach the other page live, after the canceller's own panel has
    // changed: count from the database, once both pages show it. (Reading the first page's
    // counter straight away read it before Linus's cancel arrived: the quarantined flake.)
    const before = await committedSpotsLeft();
    for (const { page } of [grace, linus]) await expect.poll(() => spotsLeft(page), { timeout: 10_000 }).toBe(before);

    // Grace RSVPs: her panel and counter change.
    await grace.page.getByRole('region', { name: 'Attend' }).getByRole('button', { name: 'RSVP', exact: true }).click();
    await grace.page.getByText("You're going.").waitFor();
    await expect.poll(() => spotsLeft(grace.page), { timeout: 10_000 }).toBe(before - 1);
    // The online link would show now; this event has none. Axe on the signed-in state.
    expect(await seriousA11yViolations(grace.page)).toEqual([]);

    // Linus RSVPs in another browser context: Grace's counter follows, live (no reload).
    await expect.poll(() => spotsLeft(linus.page), { timeout: 10_000 }).toBe(before - 1);
    await linus.page.getByRole('region', { name: 'Attend' }).getByRole('button', { name: 'RSVP', exact: true }).click();
    await linus.page.getByText("You're going.").waitFor();
    await expect.poll(() => spotsLeft(grace.page), { timeout: 10_000 }).toBe(before - 2);

    // Grace cancels; Linus sees the spot come back.
    await grace.page.getByRole('button', { name: 'Cancel RSVP' }).click();
    await grace.page.getByRole('button', { name: 'RSVP', exact: true }).waitFor();
    await expect.poll(() => spotsLeft(linus.page), { timeout: 10_000 }).toBe(before - 1);

    // Sign out: the nav offers "Sign in" again and the panel asks to sign in.
    await grace.page.getByRole('button', { name: 'Sign out' }).click();
    await grace.page.getByText('Signed out').first().waitFor();
    await grace.page.getByRole('link', { name: 'Sign in to RSVP' }).waitFor();
  });

  it('rolls back and shows the database\'s message when an RSVP fails', async () => {
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'margaret@example.com', EVENT_PATH);
    await ensureNotGoing(page);
    const before = await spotsLeft(page);
    // Someone took the last spot a moment ago: the RPC answers with the catalogue's error, in
    // PostgREST's shape. (Delayed, so the optimistic state is visible first.)
    await page.route('**/rest/v1/rpc/rsvp', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'event_full', message: 'This event is full.', details: null, hint: null }),
      });
    });
    const panel = page.getByRole('region', { name: 'Attend' });
    await panel.getByRole('button', { name: 'RSVP', exact: true }).click();
    await expect.poll(() => spotsLeft(page)).toBe(before - 1);
    await page.getByText('This event is full.').waitFor();
    await panel.getByRole('button', { name: 'RSVP', exact: true }).waitFor();
    expect(await spotsLeft(page)).toBe(before);
    await context.close();
  });

  it('has no serious a11y issue at 360px', async () => {
    const context = await app.browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(app.server.url + EVENT_PATH);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(ENGINES_TITLE);
    await expectCleanScreen(page);
    await context.close();
  });
});
