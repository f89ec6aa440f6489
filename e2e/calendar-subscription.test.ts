// Calendar subscriptions in Chromium (decisions 0136, 0137): a member takes their feed link from
// Settings, the feed (fetched as a calendar app would, no session) has the event they RSVPed to;
// a new link makes the old one answer 404; the group page's and Discover's links serve those
// feeds. Every iCalendar body is parsed with ical.js.
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { ENGINES_SLUG, ENGINES_TITLE, heading, newSignedInPage } from './support/flows.ts';
import { feedDatesIn, fetchFeed, readAsAnon } from './support/feeds.ts';
import { publishWeeklySeries } from './support/series.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const GROUP_SLUG = 'lisbon-analytical-society';

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const rest = <T>(path: string) => readAsAnon<T>(app.server.url, path);

const calendarSection = (page: Page) => page.getByRole('region', { name: 'Calendar subscription' });

describe('calendar subscriptions', () => {
  it('gives a member their feed in Settings, which a new link revokes; the group page and Discover link theirs', { timeout: 240_000 }, async () => {
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', `/events/${ENGINES_SLUG}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });

    // Linus RSVPs to the engines evening (unless the seed already had him there).
    const attend = page.getByRole('region', { name: 'Attend' });
    await attend.getByRole('button').first().waitFor({ timeout: 15_000 });
    const rsvp = attend.getByRole('button', { name: 'RSVP', exact: true });
    if (await rsvp.isVisible()) {
      await rsvp.click();
      await attend.getByRole('button', { name: /Cancel RSVP|Leave the waitlist/ }).waitFor({ timeout: 10_000 });
    }

    // Settings → Calendar subscription: the https and webcal addresses and the three apps' links.
    await page.goto(`${app.server.url}/settings#calendar`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Settings');
    const section = calendarSection(page);
    const httpsField = section.getByRole('textbox', { name: 'Calendar link', exact: true });
    await httpsField.waitFor({ timeout: 10_000 });
    const feedUrl = await httpsField.inputValue();
    expect(feedUrl).toMatch(new RegExp(`^${app.server.url}/functions/v1/calendar-feed\\?token=[0-9a-f]{64}&lang=en$`));
    const webcal = feedUrl.replace(/^https?:\/\//, 'webcal://');
    expect(await section.getByRole('textbox', { name: 'Calendar link for calendar apps (webcal)' }).inputValue()).toBe(webcal);
    expect(await section.getByRole('link', { name: 'Apple Calendar' }).getAttribute('href')).toBe(webcal);
    const google = new URL((await section.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href'))!);
    expect(google.searchParams.get('cid')).toBe(webcal);
    const outlook = new URL((await section.getByRole('link', { name: 'Outlook' }).getAttribute('href'))!);
    expect([outlook.host, outlook.searchParams.get('url')]).toEqual(['outlook.live.com', feedUrl]);

    await section.getByRole('button', { name: 'Copy: Calendar link', exact: true }).click();
    await page.getByText('Calendar link copied').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

    // The feed, as a calendar app fetches it, has the event Linus RSVPed to.
    const feed = await fetchFeed(feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    const engines = feedDatesIn(feed.text).find((e) => e.summary === ENGINES_TITLE);
    expect(['CONFIRMED', 'TENTATIVE']).toContain(engines?.status);

    // Phone width: the section reads and passes axe.
    await page.setViewportSize({ width: 360, height: 780 });
    await section.scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}calendar-subscription-phone.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A new link: the dialog says the old one stops working; then it answers 404 and the new one 200.
    await section.getByRole('button', { name: 'Regenerate link…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Make a new calendar link?' });
    expect(await dialog.textContent()).toContain('Your current link stops working at once');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Make a new link' }).click();
    await page.getByText('New calendar link made. Subscribe again with it.').waitFor({ timeout: 10_000 });
    await expect.poll(() => httpsField.inputValue(), { timeout: 10_000 }).not.toBe(feedUrl);
    const newUrl = await httpsField.inputValue();
    expect((await fetchFeed(feedUrl)).status).toBe(404);
    const renewed = await fetchFeed(newUrl);
    expect(renewed.status).toBe(200);
    expect(feedDatesIn(renewed.text).map((e) => e.summary)).toContain(ENGINES_TITLE);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}calendar-subscription-desktop.png` });

    // The group page: its subscribe link serves the group's events, and its RSS link the new ones.
    await page.goto(`${app.server.url}/g/${GROUP_SLUG}`);
    const groupLinks = page.getByRole('region', { name: "Subscribe to this group's calendar" });
    await groupLinks.waitFor({ timeout: 15_000 });
    const groupWebcal = (await groupLinks.getByRole('link', { name: 'Apple Calendar' }).getAttribute('href'))!;
    expect(groupWebcal).toMatch(/^webcal:\/\/.*\/functions\/v1\/calendar-feed\?group=lisbon-analytical-society&lang=en$/);
    const groupFeed = await fetchFeed(groupWebcal.replace(/^webcal:\/\//, `${new URL(app.server.url).protocol}//`));
    expect(groupFeed.status).toBe(200);
    const groupEvents = feedDatesIn(groupFeed.text).map((e) => e.summary);
    expect(groupEvents).toContain(ENGINES_TITLE);
    const [group] = await rest<{ id: string }[]>(`groups?select=id&slug=eq.${GROUP_SLUG}`);
    const events = await rest<{ title: string; status: string; ends_at: string }[]>(`events?select=title,status,ends_at&group_id=eq.${group!.id}`);
    const upcoming = events.filter((e) => e.status === 'published' && Date.parse(e.ends_at) > Date.now()).map((e) => e.title);
    expect(groupEvents.filter((s) => upcoming.includes(s)).sort()).toEqual([...upcoming].sort());
    const rss = await fetchFeed((await groupLinks.getByRole('link', { name: 'New events as RSS' }).getAttribute('href'))!);
    expect([rss.status, rss.type]).toEqual([200, expect.stringMatching(/^application\/rss\+xml/)]);
    expect(rss.text).toContain(`<title>${ENGINES_TITLE.replace(/&/g, '&amp;')}</title>`);
    await page.setViewportSize({ width: 360, height: 780 });
    await groupLinks.scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}group-calendar-links-phone.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Discover: "Subscribe to this search" follows the filters on screen.
    await page.goto(`${app.server.url}/?q=engines`);
    await page.getByText('Subscribe to this search').click();
    const searchRss = page.getByRole('link', { name: 'New events as RSS' });
    const searchUrl = new URL((await searchRss.getAttribute('href'))!);
    expect(Object.fromEntries(searchUrl.searchParams)).toEqual({ q: 'engines', format: 'rss', lang: 'en' });
    const searchIcs = (await page.getByRole('link', { name: 'Apple Calendar' }).getAttribute('href'))!;
    const searchFeed = await fetchFeed(searchIcs.replace(/^webcal:\/\//, `${new URL(app.server.url).protocol}//`));
    expect(feedDatesIn(searchFeed.text).map((e) => e.summary)).toContain(ENGINES_TITLE);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await context.close();
  });

  it("follows a series date the member subscribed to: moved an hour later with a higher SEQUENCE, then cancelled; the move is emailed", { timeout: 240_000 }, async () => {
    // Grace makes a weekly series of three dates at 19:00 Paris time.
    const { context: hostContext, page: host } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/events/new');
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Create an event');
    const title = `Feed club ${Date.now()}`;
    const day = dayFromNow(12);
    const dates = await publishWeeklySeries(host, app.server.url, { title, day, dates: 3, link: 'https://meet.example.org/feed-club' });
    const second = dates[1]!.slug;

    // Linus RSVPs to the second date and subscribes (his link from Settings).
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', `/events/${second}`);
    const attend = page.getByRole('region', { name: 'Attend' });
    await attend.getByRole('button', { name: 'RSVP', exact: true }).click({ timeout: 15_000 });
    await attend.getByRole('button', { name: 'Cancel RSVP' }).waitFor({ timeout: 10_000 });
    await page.goto(`${app.server.url}/settings#calendar`);
    const feedUrl = await calendarSection(page).getByRole('textbox', { name: 'Calendar link', exact: true }).inputValue({ timeout: 15_000 });
    // Compared by wall-clock time of day: the date is the series' own.
    const mine = async () => {
      const date = feedDatesIn((await fetchFeed(feedUrl)).text).find((d) => d.url.endsWith(`/events/${second}`));
      return date && { ...date, start: date.start.slice(11) };
    };
    const before = await mine();
    expect(before).toMatchObject({ start: '19:00', status: 'CONFIRMED' });

    // Grace moves "this and following" an hour later: the feed shows 20:00 with a higher SEQUENCE.
    await host.goto(`${app.server.url}/events/${second}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await host.getByLabel('Start time').fill('20:00');
    await host.getByLabel('End time').fill('22:00');
    await host.getByRole('button', { name: 'Save changes' }).click();
    const scope = host.getByRole('alertdialog', { name: 'Save changes to a repeating event' });
    await scope.getByLabel('This and following events').check();
    await scope.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await mine())?.start, { timeout: 10_000 }).toBe('20:00');
    const moved = (await mine())!;
    expect(moved.sequence).toBeGreaterThan(before!.sequence);
    expect(moved.status).toBe('CONFIRMED');

    // Linus is emailed the new time (the event_changed email, decision 0135).
    await expect
      .poll(async () => {
        const res = await fetch(`${app.server.url}/_inbox/messages?to=linus%40example.com`);
        const { messages } = (await res.json()) as { messages: { kind: string; subject: string; text: string }[] };
        return messages.filter((m) => m.kind === 'event_changed').map((m) => m.subject);
      }, { timeout: 10_000 })
      .toContain(`New time: ${title}`);

    // Grace cancels that date: the feed keeps it, cancelled, with a higher SEQUENCE again.
    await host.goto(`${app.server.url}/events/${second}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await host.getByRole('button', { name: 'Cancel event' }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Cancel event' }).click();
    await expect.poll(async () => (await mine())?.status, { timeout: 10_000 }).toBe('CANCELLED');
    expect((await mine())!.sequence).toBeGreaterThan(moved.sequence);

    await hostContext.close();
    await context.close();
  });
});
