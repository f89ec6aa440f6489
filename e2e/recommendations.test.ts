import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// "For you" on Discover (issue 33, decision 0343): a seed member in a group with upcoming events
// sees their picks with the same one-line reasons recommend_events gives them, follows a
// category and a topic from "Your interests", and the picks follow; axe clean at 360 and 1280 px.
const app = useApp();
const SLOW = { timeout: 20_000 };
const opened: BrowserContext[] = [];
afterAll(async () => {
  for (const context of opened) await context.close();
});

/** A seed member in a group that has upcoming public events they neither host nor answered. */
async function groupMemberEmail(): Promise<string> {
  const { rows } = await app.server.db.query<{ email: string }>(
    `select u.email from auth.users u
     join public.group_members m on m.user_id = u.id and m.status = 'active'
     join public.events e on e.group_id = m.group_id and e.status = 'published' and e.visibility = 'public'
       and e.starts_at > now() and e.host_id <> u.id
     where not exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = u.id)
     order by u.email limit 1`);
  if (!rows[0]) throw new Error('e2e: the seed has no member with upcoming group events');
  return rows[0].email;
}

/** What recommend_events answers this member, through supabase-js as the app calls it. */
async function expectedPicks(email: string): Promise<string[]> {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  const { data, error: rpcError } = await client.rpc('recommend_events', { max: 6, lang: 'en' });
  if (rpcError) throw rpcError;
  return (data as { title: string; reason: string }[]).map((p) => `${p.title} — ${p.reason}`);
}

async function shownPicks(page: Page): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Events picked for you' }).getByRole('listitem');
  const out: string[] = [];
  for (const item of await items.all()) {
    out.push(`${await item.getByRole('link').textContent()} — ${await item.getByTestId('pick-reason').textContent()}`);
  }
  return out;
}

describe('For you', () => {
  it("shows a member's picks with their reasons, and follows what they choose", async () => {
    const email = await groupMemberEmail();
    const { context, page } = await newSignedInPage(app.browser, app.server.url, email, '/');
    opened.push(context);
    const errors = watchPageErrors(page);
    const section = page.getByRole('region', { name: 'For you' });
    await section.getByRole('list', { name: 'Events picked for you' }).waitFor(SLOW);
    const expected = await expectedPicks(email);
    expect(expected.some((p) => p.includes(', a group you\'re in'))).toBe(true);
    expect(await shownPicks(page)).toEqual(expected);

    // Follow a category and a topic.
    await section.getByText('Your interests').click();
    const music = section.getByRole('button', { name: 'Music', exact: true });
    await music.click();
    await expect.poll(() => music.getAttribute('aria-pressed'), SLOW).toBe('true');
    await section.getByLabel('Follow a topic').fill('  Board   Games ');
    await section.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByText('You follow board games.').waitFor(SLOW);
    await section.getByRole('list', { name: 'Topics you follow' }).getByText('board games').waitFor();
    await expect.poll(async () => JSON.stringify(await shownPicks(page)), SLOW).toBe(JSON.stringify(await expectedPicks(email)));

    // Unfollowing the topic takes it off the list.
    await section.getByRole('button', { name: 'Unfollow board games' }).click();
    await expect.poll(() => section.getByRole('list', { name: 'Topics you follow' }).count(), SLOW).toBe(0);
    expect(errors).toEqual([]);

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await section.scrollIntoViewIfNeeded();
      await expectCleanScreen(page);
    }
  });

  it('says why in the language on screen', async () => {
    const email = await groupMemberEmail();
    const { context, page } = await newSignedInPage(app.browser, app.server.url, email, '/');
    opened.push(context);
    await page.evaluate(() => localStorage.setItem('gather.locale', 'fr'));
    await page.reload();
    const list = page.getByRole('region', { name: 'Pour vous' }).getByRole('list', { name: 'Événements choisis pour vous' });
    await list.waitFor(SLOW);
    await expect.poll(async () => (await list.getByTestId('pick-reason').allTextContents()).some((r) => r.includes(', un groupe dont vous êtes membre')), SLOW).toBe(true);
  });

  it("a host's topic and a followed host bring their event to a member, each saying why", async () => {
    // A public event outside groups, and a new member: nothing stronger than a topic for them.
    const { rows } = await app.server.db.query<{ slug: string; title: string; host_email: string; username: string; display_name: string }>(
      `select e.slug, e.title, hu.email as host_email, p.username, p.display_name
       from public.events e join auth.users hu on hu.id = e.host_id join public.profiles p on p.id = e.host_id
       where e.group_id is null and e.status = 'published' and e.visibility = 'public' and e.hidden_at is null
         and e.starts_at > now() + interval '1 day'
       order by e.starts_at limit 1`);
    const admin = createClient(app.server.url, app.server.keys.serviceRoleKey, { auth: { persistSession: false } });
    const memberEmail = 'newcomer.for.you@example.com';
    const created = await admin.auth.admin.createUser({ email: memberEmail, password: DEMO_PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    const target = { ...rows[0]!, member_email: memberEmail };

    const host = await newSignedInPage(app.browser, app.server.url, target.host_email, `/events/${target.slug}`);
    opened.push(host.context);
    const topics = host.page.getByRole('region', { name: 'Topics' });
    await topics.waitFor(SLOW);
    await topics.getByLabel('Add a topic').fill('Lisp  Machines');
    await topics.getByRole('button', { name: 'Add', exact: true }).click();
    await topics.getByRole('list', { name: 'Topics' }).getByText('lisp machines').waitFor(SLOW);
    expect(await seriousA11yViolations(host.page)).toEqual([]);

    const { context, page } = await newSignedInPage(app.browser, app.server.url, target.member_email, '/');
    opened.push(context);
    const section = page.getByRole('region', { name: 'For you' });
    await section.getByText('Your interests').click();
    await section.getByLabel('Follow a topic').fill('lisp machines');
    await section.getByRole('button', { name: 'Follow', exact: true }).click();
    const pick = section.getByRole('listitem').filter({ has: page.getByRole('link', { name: target.title, exact: true }) });
    await section.getByRole('list', { name: 'Topics you follow' }).getByText('lisp machines').waitFor(SLOW);
    await expect.poll(() => pick.getByTestId('pick-reason').textContent(), SLOW).toBe('Because you follow lisp machines');

    // Following the host: a stronger signal, so the reason names the host.
    await page.goto(`${app.server.url}/u/${target.username}`);
    const followHost = page.getByRole('button', { name: 'Follow host' });
    await followHost.click();
    await expect.poll(() => followHost.getAttribute('aria-pressed'), SLOW).toBe('true');
    await page.getByText(`You follow ${target.display_name}.`, { exact: false }).waitFor(SLOW);
    await page.goto(`${app.server.url}/`);
    await expect.poll(() => pick.getByTestId('pick-reason').textContent(), SLOW).toBe(`Because you follow ${target.display_name}`);
    await pick.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor(SLOW);
  });

  it("says each pick's time on the venue's clock with its UTC offset, in English and in French (decision 0327)", async () => {
    const email = await groupMemberEmail();
    const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
    expect((await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD })).error).toBeNull();
    const { data } = await client.rpc('recommend_events', { max: 6, lang: 'en' });
    const first = (data as { slug: string; title: string; starts_at: string }[])[0]!;
    // Tokyo is UTC+9 all year, and neither the browser's zone nor UTC: the card must say Tokyo's time.
    await app.server.db.query(`update public.events set timezone = 'Asia/Tokyo' where slug = $1`, [first.slug]);
    const { context, page } = await newSignedInPage(app.browser, app.server.url, email, '/');
    opened.push(context);
    for (const [locale, listName] of [['en', 'Events picked for you'], ['fr', 'Événements choisis pour vous']] as const) {
      await page.evaluate((l) => localStorage.setItem('gather.locale', l), locale);
      await page.reload();
      const list = page.getByRole('list', { name: listName });
      await list.waitFor(SLOW);
      const card = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: first.title, exact: true }) });
      const tokyo = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Tokyo', hour: 'numeric', minute: '2-digit' }).format(new Date(first.starts_at));
      await expect.poll(() => card.locator('time').textContent(), SLOW).toContain(`${tokyo} UTC+9`);
    }
  });

  it('is not there for visitors', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    opened.push(context);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Discover events' }).waitFor(SLOW);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'For you' }).count()).toBe(0);
  });
});
