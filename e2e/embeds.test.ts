import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// The <gather-events> embed (issue 33, decision 0340) on a club's own site: a plain HTML page
// served from another origin loads /embed.js from Gather as a module script (so over CORS),
// shows the group's upcoming public events, in the reader's language, and its RSVP / Buy
// buttons open Gather's event page in a new tab. The organizer copies the snippet from the
// group page.
const app = useApp();
const SLOW = { timeout: 20_000 };

type SeedEvent = { slug: string; title: string; tickets: number; paid: number };
type SeedGroup = { id: string; slug: string; name: string };

/** The plain "club website": whatever HTML the test puts at a path, on its own port. */
let site: Server;
let siteUrl = '';
const pages = new Map<string, string>();
const opened: BrowserContext[] = [];

beforeAll(async () => {
  site = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    // The browser asks for a favicon; the club has none (and a 404 would read as a page error).
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const context of opened) await context.close();
  await new Promise((resolve) => site?.close(resolve));
});

function clubPage(path: string, element: string): string {
  pages.set(path, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Our club</title></head><body><main><h1>Our club</h1><p>Come along to one of our evenings.</p>
<script type="module" src="${app.server.url}/embed.js"></script>
${element}</main></body></html>`);
  return `${siteUrl}${path}`;
}

async function visitor(width = 1280, locale = 'en-US'): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width, height: 900 }, locale });
  opened.push(context);
  return context.newPage();
}

/** The seed's public group with the most upcoming public events, and those events in order. */
async function busiestPublicGroup(): Promise<{ group: SeedGroup; events: SeedEvent[] }> {
  const { rows: groups } = await app.server.db.query<SeedGroup>(
    `select g.id, g.slug, g.name from public.groups g join public.events e on e.group_id = g.id
     where g.visibility = 'public' and g.hidden_at is null and e.status = 'published' and e.visibility = 'public'
       and e.hidden_at is null and e.ends_at > now()
     group by g.id order by count(*) desc, g.slug limit 1`);
  const group = groups[0];
  if (!group) throw new Error('e2e: the seed has no public group with upcoming events');
  const { rows: events } = await app.server.db.query<SeedEvent>(
    `select e.slug, e.title, (select count(*)::int from public.ticket_types t where t.event_id = e.id and not t.hidden) as tickets,
            (select count(*)::int from public.ticket_types t where t.event_id = e.id and not t.hidden and t.price > 0) as paid
     from public.events e where e.group_id = $1 and e.status = 'published' and e.visibility = 'public'
       and e.hidden_at is null and e.ends_at > now() order by e.starts_at limit 5`, [group.id]);
  return { group, events };
}

const action = (e: SeedEvent) => (e.tickets === 0 ? 'RSVP' : e.paid > 0 ? 'Buy tickets' : 'Get tickets');

describe('embeds', () => {
  it("a club's page on another origin shows the group's upcoming events and RSVP opens Gather", async () => {
    const { group, events } = await busiestPublicGroup();
    const page = await visitor();
    const errors = watchPageErrors(page);
    await page.goto(clubPage('/club', `<gather-events group="${group.slug}"></gather-events>`));

    // Playwright's role queries reach into the component's (open) shadow root.
    const list = page.getByRole('list', { name: 'Upcoming events' });
    await list.waitFor(SLOW);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe(group.name);
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(events.length);
    for (const [i, event] of events.entries()) expect(await items.nth(i).textContent()).toContain(event.title);

    const first = events[0]!;
    const button = page.getByRole('link', { name: `${action(first)}: ${first.title} (opens Gather in a new tab)` });
    const [gather] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
    await gather.waitForLoadState();
    expect(gather.url()).toBe(`${app.server.url}/events/${first.slug}`);
    await gather.getByRole('heading', { level: 1, name: first.title }).waitFor(SLOW);
    expect(errors).toEqual([]);
  });

  it('shows no private, members-only, draft or past event of the group', async () => {
    const { group, events } = await busiestPublicGroup();
    // Beside the seed's: a members-only event and a draft of the group, both upcoming.
    for (const [visibility, status] of [['members', 'published'], ['public', 'draft']]) {
      await app.server.db.query(
        `insert into public.events (slug, host_id, title, starts_at, ends_at, timezone, venue_name, lat, lng, group_id, visibility, status)
         select 'embed-' || $2 || '-' || $3, host_id, 'Not for the embed (' || $2 || ', ' || $3 || ')', starts_at, ends_at, timezone,
                coalesce(venue_name, 'Hall'), coalesce(lat, 0), coalesce(lng, 0), group_id, $2::public.event_visibility, $3::public.event_status
         from public.events where slug = $1`, [events[0]!.slug, visibility, status]);
    }
    const { rows: hidden } = await app.server.db.query<{ title: string }>(
      `select title from public.events where group_id = $1 and not (status = 'published' and visibility = 'public' and hidden_at is null and ends_at > now())`,
      [group.id]);
    const page = await visitor();
    await page.goto(clubPage('/club-hidden', `<gather-events group="${group.slug}" limit="20"></gather-events>`));
    await page.getByRole('list', { name: 'Upcoming events' }).waitFor(SLOW);
    const shown = (await page.locator('gather-events').evaluate((el) => el.shadowRoot!.textContent)) ?? '';
    for (const event of events) expect(shown).toContain(event.title);
    // Titles that are also a shown event's (a series) cannot tell anything apart.
    expect(hidden.map((h) => h.title)).toEqual(expect.arrayContaining(['Not for the embed (members, published)', 'Not for the embed (public, draft)']));
    for (const { title } of hidden.filter((h) => !events.some((e) => e.title === h.title))) expect(shown).not.toContain(title);
  });

  it("one event, in the reader's language (French), dark, with its Gather button", async () => {
    const { events } = await busiestPublicGroup();
    const event = events[0]!;
    const page = await visitor(1280, 'fr-FR');
    await page.goto(clubPage('/club-fr', `<gather-events event="${event.slug}" theme="dark" accent="#fcd34d"></gather-events>`));
    const list = page.getByRole('list', { name: 'Événements à venir' });
    await list.waitFor(SLOW);
    expect(await list.getByRole('listitem').count()).toBe(1);
    const french = { RSVP: 'Participer', 'Buy tickets': 'Acheter des billets', 'Get tickets': 'Obtenir des billets' }[action(event)];
    await page.getByRole('link', { name: `${french}: ${event.title} (ouvre Gather dans un nouvel onglet)` }).waitFor();
    expect(await page.locator('gather-events').evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.b')!).backgroundColor)).toBe('rgb(252, 211, 77)');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  for (const width of [360, 1280]) {
    it(`the club's page with the embed is axe clean at ${width} px`, async () => {
      const { group } = await busiestPublicGroup();
      const page = await visitor(width);
      await page.goto(clubPage(`/club-${width}`, `<gather-events group="${group.slug}"></gather-events>`));
      await page.getByRole('list', { name: 'Upcoming events' }).waitFor(SLOW);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  it("the group's organizer copies the snippet from the group page", async () => {
    const { group } = await busiestPublicGroup();
    const { rows } = await app.server.db.query<{ email: string }>(
      `select u.email from auth.users u join public.group_members m on m.user_id = u.id
       where m.group_id = $1 and m.status = 'active' and m.role = 'organizer' order by u.email limit 1`, [group.id]);
    const { context, page } = await newSignedInPage(app.browser, app.server.url, rows[0]!.email, `/g/${group.slug}`);
    opened.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    const box = page.getByRole('region', { name: 'Embed on your site' });
    await box.waitFor(SLOW);
    const snippet = `<script type="module" src="${app.server.url}/embed.js"></script>\n<gather-events group="${group.slug}"></gather-events>`;
    expect(await box.getByLabel('Embed code').inputValue()).toBe(snippet);
    await box.getByRole('button', { name: 'Copy embed code' }).click();
    await page.getByText('Snippet copied. Paste it into your site\'s HTML.').waitFor(SLOW);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The snippet as copied, pasted into a club's page, works there.
    const club = await visitor();
    await club.goto(clubPage('/club-pasted', snippet));
    await club.getByRole('list', { name: 'Upcoming events' }).waitFor(SLOW);
  });
  it("co-hosts get the event's Embed and Topics boxes like its host; a past event offers no embed (decision 0407)", async () => {
    const { rows: [upcoming] } = await app.server.db.query<{ id: string; slug: string; email: string; user_id: string }>(
      `select e.id, e.slug, u.email, u.id as user_id from public.events e, auth.users u
       where e.status = 'published' and e.visibility = 'public' and e.hidden_at is null and e.starts_at > now() + interval '1 day'
         and u.id <> e.host_id and u.email is not null
         and not exists (select 1 from public.event_hosts h where h.event_id = e.id and h.user_id = u.id)
       order by e.starts_at, u.email limit 1`);
    await app.server.db.query(`insert into public.event_hosts (event_id, user_id, role) values ($1, $2, 'cohost')`, [upcoming!.id, upcoming!.user_id]);
    const { context, page } = await newSignedInPage(app.browser, app.server.url, upcoming!.email, `/events/${upcoming!.slug}`);
    opened.push(context);
    await page.getByRole('region', { name: 'Embed on your site' }).waitFor(SLOW);
    await page.getByRole('region', { name: 'Topics' }).waitFor(SLOW);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectCleanScreen(page);
    }

    const { rows: [past] } = await app.server.db.query<{ slug: string; email: string }>(
      `select e.slug, u.email from public.events e join auth.users u on u.id = e.host_id
       where e.status = 'published' and e.visibility = 'public' and e.hidden_at is null and e.ends_at < now()
       order by e.ends_at desc limit 1`);
    const host = await newSignedInPage(app.browser, app.server.url, past!.email, `/events/${past!.slug}`);
    opened.push(host.context);
    await host.page.getByRole('region', { name: 'Topics' }).waitFor(SLOW);
    expect(await host.page.getByRole('region', { name: 'Embed on your site' }).count()).toBe(0);
  });
});
