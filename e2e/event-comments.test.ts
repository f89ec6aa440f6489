import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/use-app.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { ENGINES_SLUG, ENGINES_TITLE, heading, newSignedInPage } from './support/flows.ts';

const app = useApp();

const EVENT_PATH = `/events/${ENGINES_SLUG}`;
// Seeded on this event (supabase/seed.sql).
const GRACE_COMMENT = 'Can I bring my own LEGO Technic?';
const ALAN_COMMENT = 'Looking forward to this. Is there parking nearby?';

function comments(page: Page) {
  return page.getByRole('region', { name: /^Comments/ });
}

/** The comment written by `author` that contains `text`. */
function commentBy(page: Page, author: string, text: string) {
  return comments(page).getByRole('article', { name: `Comment by ${author}` }).filter({ hasText: text });
}

async function openEvent(page: Page, path = EVENT_PATH): Promise<void> {
  if (new URL(page.url()).pathname !== path) await page.goto(app.server.url + path);
  await expect.poll(() => heading(page), { timeout: 15_000 }).not.toBe('');
  await comments(page).getByText(GRACE_COMMENT).waitFor({ timeout: 15_000 });
}

type RealtimeFrames = { joins: { topic: string; private: unknown }[]; presenceAndBroadcasts: string[]; eventId(): string };
const frames: RealtimeFrames = {
  joins: [],
  presenceAndBroadcasts: [],
  eventId: () => frames.joins.find((j) => j.topic.startsWith('realtime:event:'))?.topic.slice('realtime:event:'.length) ?? '',
};

/** Records the page's channel joins, and every presence and broadcast frame it receives. */
function watchRealtime(page: Page, into: RealtimeFrames): void {
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/realtime/v1/')) return;
    ws.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const [, , topic, event, body] = JSON.parse(payload) as [unknown, unknown, string, string, { config?: { private?: unknown } }];
      if (event === 'phx_join') into.joins.push({ topic, private: body.config?.private });
    });
    ws.on('framereceived', ({ payload }) => {
      // Broadcasts arrive as binary frames (serializer 2.0.0); presence as JSON text.
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (typeof payload !== 'string' || /^\[[^\]]*"(presence_state|presence_diff|broadcast)"/.test(text)) into.presenceAndBroadcasts.push(text);
    });
  });
}

async function viewers(page: Page): Promise<string> {
  const el = page.getByTestId('viewers-count');
  return (await el.count()) ? ((await el.textContent()) ?? '') : '';
}

describe('live comments on the event page', () => {
  it('delivers another member\'s comment live, with "typing…" and "2 people viewing"', async () => {
    const grace = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', EVENT_PATH, (page) => watchRealtime(page, frames));
    const linus = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', EVENT_PATH);
    const errors = watchPageErrors(grace.page);
    await openEvent(grace.page);
    await openEvent(linus.page);

    // Presence: both pages count both viewers.
    await expect.poll(() => viewers(grace.page), { timeout: 10_000 }).toBe('2 people viewing');
    await expect.poll(() => viewers(linus.page), { timeout: 10_000 }).toBe('2 people viewing');

    // Linus types: Grace sees it, Linus does not see his own line.
    const box = linus.page.getByLabel('Add a comment');
    await box.pressSequentially('Count me in — I', { delay: 20 });
    await expect.poll(() => grace.page.getByTestId('typing-indicator').textContent(), { timeout: 10_000 }).toBe('Linus Park is typing…');
    expect(await linus.page.getByTestId('typing-indicator').textContent()).toBe('');

    // Linus posts: the comment appears for Grace without a reload, and the typing line goes.
    await box.pressSequentially(' will bring gears.');
    await linus.page.getByRole('button', { name: 'Post comment' }).click();
    await linus.page.getByText('Comment posted').first().waitFor();
    expect(await box.inputValue()).toBe('');
    await commentBy(grace.page, 'Linus Park', 'Count me in — I will bring gears.').waitFor({ timeout: 10_000 });
    await expect.poll(() => grace.page.getByTestId('typing-indicator').textContent(), { timeout: 5_000 }).toBe('');

    // Grace replies; Linus sees the reply under his comment, live.
    await commentBy(grace.page, 'Linus Park', 'gears').getByRole('button', { name: 'Reply' }).click();
    await grace.page.getByLabel('Reply to Linus Park').fill('Perfect, we need more gears.');
    await grace.page.getByRole('button', { name: 'Post reply' }).click();
    await commentBy(linus.page, 'Grace Hopper', 'Perfect, we need more gears.').waitFor({ timeout: 10_000 });

    // Linus edits his comment; Grace sees the edit live.
    const mine = commentBy(linus.page, 'Linus Park', 'gears');
    await mine.first().getByRole('button', { name: 'Edit' }).click();
    await linus.page.getByLabel('Edit your comment').fill('Count me in — I will bring gears and cranks.');
    await linus.page.getByRole('button', { name: 'Save' }).click();
    await commentBy(grace.page, 'Linus Park', 'gears and cranks').getByText('(edited)').waitFor({ timeout: 10_000 });

    // One viewer leaves: the count follows.
    await linus.context.close();
    await expect.poll(() => viewers(grace.page), { timeout: 15_000 }).toBe('1 person viewing');
    expect(errors).toEqual([]);

    // The channel is private (decision 0095), and what Grace heard on it as presence and
    // broadcasts names nobody: no member's id, only opaque keys and the typer's name.
    const { rows } = await app.server.db.query<{ id: string }>(`select id::text from public.profiles`);
    expect(frames.joins.some((j) => j.topic === `realtime:event:${frames.eventId()}` && j.private === true)).toBe(true);
    expect(frames.joins.filter((j) => j.topic.startsWith('realtime:event:') && j.private !== true)).toEqual([]);
    expect(frames.presenceAndBroadcasts.length).toBeGreaterThan(0);
    expect(frames.presenceAndBroadcasts.filter((f) => rows.some((r) => f.includes(r.id)))).toEqual([]);
    await grace.context.close();
  });

  it('hides a comment live for everyone else when the host hides it, and brings it back on restore', async () => {
    const ada = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', EVENT_PATH); // host and admin
    const linus = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', EVENT_PATH);
    const anonymous = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await anonymous.newPage();
    await openEvent(ada.page);
    await openEvent(linus.page);
    await openEvent(visitor);
    await expect.poll(() => viewers(ada.page), { timeout: 10_000 }).toBe('3 people viewing');

    await commentBy(ada.page, 'Alan Turing', ALAN_COMMENT).getByRole('button', { name: 'Hide' }).click();
    await ada.page.getByText('Comment hidden. Other viewers no longer see it.').first().waitFor();
    // The host still sees it, marked; the others lose it without a reload.
    await commentBy(ada.page, 'Alan Turing', ALAN_COMMENT).getByText('Hidden from other viewers').waitFor();
    await commentBy(linus.page, 'Alan Turing', ALAN_COMMENT).waitFor({ state: 'detached', timeout: 10_000 });
    await comments(visitor).getByText(ALAN_COMMENT).waitFor({ state: 'detached', timeout: 10_000 });
    // …and a reload agrees (the database hides it, not just the page).
    await linus.page.reload();
    await openEvent(linus.page);
    expect(await comments(linus.page).getByText(ALAN_COMMENT).count()).toBe(0);

    // Restored: back for everyone, live.
    await commentBy(ada.page, 'Alan Turing', ALAN_COMMENT).getByRole('button', { name: 'Restore' }).click();
    await commentBy(linus.page, 'Alan Turing', ALAN_COMMENT).waitFor({ timeout: 10_000 });
    await comments(visitor).getByText(ALAN_COMMENT).waitFor({ timeout: 10_000 });

    // Signed-out visitors read the comments and are offered a way to join in that comes back here.
    expect(await visitor.getByRole('link', { name: 'Sign in to comment' }).getAttribute('href')).toBe(
      `/auth/sign-in?next=${encodeURIComponent(EVENT_PATH)}`,
    );
    expect(await visitor.getByLabel('Add a comment').count()).toBe(0);

    // Linus signs out on the page: it re-joins the channel as a visitor and stays live.
    await linus.page.getByRole('button', { name: 'Sign out' }).click();
    await linus.page.getByRole('link', { name: 'Sign in to comment' }).waitFor();
    await expect.poll(() => viewers(ada.page), { timeout: 10_000 }).toBe('3 people viewing');
    await ada.page.getByLabel('Add a comment').fill('Doors open at 18:30.');
    await ada.page.getByRole('button', { name: 'Post comment' }).click();
    await commentBy(linus.page, 'Ada Lovelace', 'Doors open at 18:30.').waitFor({ timeout: 10_000 });
    await ada.context.close();
    await linus.context.close();
    await anonymous.close();
  });

  it('lets a member delete their comment, and report someone else\'s', async () => {
    const margaret = await newSignedInPage(app.browser, app.server.url, 'margaret@example.com', EVENT_PATH);
    const page = margaret.page;
    await openEvent(page);
    await page.getByLabel('Add a comment').fill('Posted by mistake');
    await page.getByRole('button', { name: 'Post comment' }).click();
    const mine = commentBy(page, 'Margaret Hamilton', 'Posted by mistake');
    await mine.getByRole('button', { name: 'Delete' }).click();
    await mine.getByRole('button', { name: 'Delete' }).click(); // confirm
    await page.getByText('Comment deleted').first().waitFor();
    await mine.waitFor({ state: 'detached' });

    await commentBy(page, 'Grace Hopper', GRACE_COMMENT).getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this comment' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason.').waitFor();
    await dialog.getByLabel('Spam or advertising').check();
    await dialog.getByLabel('Details (optional)').fill('Selling gears');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thanks — a moderator will review it.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const { rows } = await app.server.db.query<{ reporter: string; target_type: string; body: string; status: string }>(
      `select p.username as reporter, r.target_type::text, c.body, r.status::text
       from public.reports r join public.profiles p on p.id = r.reporter_id join public.comments c on c.id = r.target_id
       where r.reason = 'Spam or advertising: Selling gears'`,
    );
    expect(rows).toEqual([{ reporter: 'margaret', target_type: 'comment', body: expect.stringContaining(GRACE_COMMENT), status: 'open' }]);

    // The event itself can be reported too.
    await page.getByRole('button', { name: 'Report event' }).click();
    await page.getByRole('dialog', { name: 'Report this event' }).getByLabel('Misleading or a scam').check();
    await page.getByRole('dialog', { name: 'Report this event' }).getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thanks — a moderator will review it.').first().waitFor();
    await margaret.context.close();
  });
});

describe('comment errors', () => {
  it('shows the database\'s rate limit beside the field and keeps what was typed', async () => {
    // Ten comments in the last minute already (product.md §9: at most 10 a minute).
    await app.server.db.query(
      `insert into public.comments (event_id, author_id, body)
       select e.id, p.id, 'earlier ' || n from public.events e, public.profiles p, generate_series(1, 10) n
       where e.slug = $1 and p.username = 'tim'`,
      [ENGINES_SLUG],
    );
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'tim@example.com', EVENT_PATH);
    await openEvent(page);
    const box = page.getByLabel('Add a comment');
    await box.fill('One more thought');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await comments(page).getByText("You're doing that too often. Try again in a minute.").waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.inputValue()).toBe('One more thought');
    await context.close();
  });
});

describe('the event page\'s description and video', () => {
  it('loads nothing from YouTube until the viewer presses play', async () => {
    const page = await app.browser.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    // Offline machine: answer for YouTube once it is (rightly) asked.
    await page.route(/youtube-nocookie\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>player</title>' }));
    await page.goto(app.server.url + EVENT_PATH);
    const play = page.getByRole('button', { name: `Play video: ${ENGINES_TITLE}` });
    await play.waitFor({ timeout: 15_000 });
    await comments(page).getByText(GRACE_COMMENT).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const thirdParty = /youtube|ytimg|googlevideo|google\.com|gstatic|doubleclick|vimeo/;
    expect(requests.filter((u) => thirdParty.test(u))).toEqual([]);
    expect(await page.getByText('Pressing play loads content from YouTube').count()).toBe(1);

    await play.click();
    const frame = page.locator('iframe[title$="(YouTube video)"]');
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
    await expect.poll(() => requests.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'))).toBe(true);
    expect(requests.filter((u) => /youtube\.com|ytimg/.test(u))).toEqual([]); // only the privacy-enhanced host
    await page.close();
  });

  it('plays an uploaded video in the native player, fetching nothing until played', async () => {
    const slug = 'fado-and-small-plates';
    await app.server.db.query(`update public.events set video_url = null, video_path = 'e2e/fado.mp4' where slug = $1`, [slug]);
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${app.server.url}/events/${slug}`);
    const video = page.locator('video');
    await video.waitFor({ timeout: 15_000 });
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('src')).toBe(`${app.server.url}/storage/v1/object/public/event-videos/e2e/fado.mp4`);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => u.includes('/event-videos/'))).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('renders the description\'s Markdown, and nothing dangerous in it', async () => {
    const slug = 'sunset-walk-along-the-tagus';
    const description = [
      '# Route',
      'We walk **west** along the [river](https://example.com/tagus).',
      '<img src=x onerror="window.__pwned = 1">',
      '<script>window.__pwned = 2</script>',
      '[click me](javascript:window.__pwned=3)',
      '![pixel](https://tracker.example/p.gif)',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n\n');
    await app.server.db.query('update public.events set description = $1 where slug = $2', [description, slug]);

    const page = await app.browser.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors = watchPageErrors(page);
    await page.goto(`${app.server.url}/events/${slug}`);
    const about = page.getByRole('region', { name: 'About this event' });
    await about.locator('strong', { hasText: 'west' }).waitFor({ timeout: 15_000 });

    // One h1 on the page: the description's "# Route" is demoted below "About this event".
    expect(await page.locator('h1').count()).toBe(1);
    expect(await about.getByRole('heading', { name: 'Route', level: 3 }).count()).toBe(1);
    const link = about.getByRole('link', { name: 'river' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    // Raw HTML shows as text; nothing runs, nothing loads from elsewhere.
    expect(await about.locator('img, script, iframe').count()).toBe(0);
    expect(await about.getByText('<img src=x onerror=').count()).toBe(1);
    expect(await about.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(requests.filter((u) => /tracker\.example|evil\.example/.test(u))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('who\'s going', () => {
  it('shows members the faces of those going, live, and signed-out visitors only the count', async () => {
    const katherine = await newSignedInPage(app.browser, app.server.url, 'katherine@example.com', EVENT_PATH);
    const dennis = await newSignedInPage(app.browser, app.server.url, 'dennis@example.com', EVENT_PATH);
    const going = (page: Page) => page.getByRole('region', { name: "Who's going" });
    const faces = (page: Page) => going(page).getByRole('listitem').getByRole('img');
    await faces(katherine.page).first().waitFor({ timeout: 15_000 });
    const names = await faces(katherine.page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.getAttribute('alt')));
    expect(names.length).toBeGreaterThan(0);

    // Dennis RSVPs (or is already going): Katherine's list follows without a reload.
    const panel = dennis.page.getByRole('region', { name: 'Attend' });
    await panel.getByRole('button').first().waitFor({ timeout: 15_000 });
    const rsvp = panel.getByRole('button', { name: 'RSVP', exact: true });
    if (names.includes('Dennis Ritchie')) {
      await panel.getByRole('button', { name: 'Cancel RSVP' }).click();
      await expect.poll(() => faces(katherine.page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), { timeout: 10_000 }).not.toContain('Dennis Ritchie');
    }
    await rsvp.click();
    await dennis.page.getByText("You're going.").waitFor();
    // Ten members in the seed, so everyone going fits in the first twelve faces.
    await going(katherine.page).getByRole('img', { name: 'Dennis Ritchie' }).waitFor({ timeout: 10_000 });

    const visitor = await app.browser.newPage();
    await openEvent(visitor);
    await going(visitor).getByText(/people are going\./).waitFor();
    expect(await going(visitor).getByRole('link', { name: 'Sign in to see who' }).getAttribute('href')).toBe(
      `/auth/sign-in?next=${encodeURIComponent(EVENT_PATH)}`,
    );
    expect(await going(visitor).getByRole('img').count()).toBe(0);
    await visitor.close();
    await katherine.context.close();
    await dennis.context.close();
  });
});

describe('accessibility of the event page with comments', () => {
  for (const width of [360, 1280]) {
    it(`has no serious issue at ${width}px, signed in, with a reply box open`, async () => {
      const { context, page } = await newSignedInPage(app.browser, app.server.url, 'hedy@example.com', EVENT_PATH);
      await page.setViewportSize({ width, height: 900 });
      await openEvent(page);
      await page.getByTestId('viewers-count').waitFor({ timeout: 10_000 });
      await commentBy(page, 'Grace Hopper', GRACE_COMMENT).getByRole('button', { name: 'Reply' }).click();
      await page.getByLabel('Reply to Grace Hopper').waitFor();
      await expectCleanScreen(page);
      await context.close();
    });
  }

  it('has no serious issue at 360px for a signed-out visitor', async () => {
    const context = await app.browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await openEvent(page);
    await page.getByRole('link', { name: 'Sign in to comment' }).waitFor();
    await expectCleanScreen(page);
    await context.close();
  });
});
