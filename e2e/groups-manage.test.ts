import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// Running a community through the real UI (issue 15, decisions 0115-0116). Seed (decision 0107):
// Grace organizes New York Hackers & Sailors, where Linus is a member and Tim is not; Hedy
// organizes the private, approval-only Toronto Film & Radio Circle, where Linus's request waits,
// Dennis is a member, and the members-only "Radio makers workshop" is held.
const app = useApp();

const SLOW = { timeout: 20_000 };
const NEW_YORK = 'New York Hackers & Sailors';
const TORONTO = 'Toronto Film & Radio Circle';
const RADIO = 'Radio makers workshop';
const SCREENSHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

const opened: BrowserContext[] = [];
afterAll(async () => {
  for (const context of opened) await context.close();
});

async function signedIn(username: string, next: string, width = 1280) {
  const session = await newSignedInPage(app.browser, app.server.url, `${username}@example.com`, next);
  opened.push(session.context);
  if (width !== 1280) await session.page.setViewportSize({ width, height: 900 });
  return session.page;
}

async function groupSlug(name: string): Promise<string> {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data, error } = await client.from('groups').select('slug').eq('name', name).single();
  if (error) throw error;
  return data.slug;
}

type Mail = { to: string; subject: string; text: string };

/** The newest message to `to` whose subject mentions `words`, from the server's development inbox. */
async function mailAbout(to: string, words: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const res = await fetch(`${app.server.url}/_inbox/messages?to=${encodeURIComponent(to)}`);
      found = ((await res.json()) as { messages: Mail[] }).messages.filter((m) => m.subject.includes(words)).at(-1);
      return Boolean(found);
    }, { timeout: 30_000, interval: 250 })
    .toBe(true);
  return found!;
}

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

describe('running a group', () => {
  it('an organizer creates a members-only event; a member hears of it live and by email and RSVPs; an outsider is asked to join', { timeout: 180_000 }, async () => {
    // Linus waits on Discover with his bell; Grace writes the event.
    const linus = await signedIn('linus', '/');
    const bell = linus.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor(SLOW);

    const grace = await signedIn('grace', '/events/new');
    const errors = watchPageErrors(grace);
    await expect.poll(() => heading(grace), SLOW).toBe('Create an event');
    const title = `Members' compiler night ${Date.now()}`;
    const day = dayFromNow(9);
    await grace.getByLabel('Title').fill(title);
    await grace.getByLabel('Starts on').fill(day);
    await grace.getByLabel('Start time').fill('19:00');
    await grace.getByLabel('Ends on').fill(day);
    await grace.getByLabel('End time').fill('21:00');
    await grace.getByLabel('Time zone').fill('America/New_York');
    await grace.getByLabel('Online link').fill('https://meet.example.com/compilers');
    // Members-only needs a group: the radio waits for one, the form says the database's words.
    const membersOnly = grace.getByRole('radio', { name: /^Members only/ });
    expect(await membersOnly.isDisabled()).toBe(true);
    await grace.getByLabel('Group', { exact: true }).selectOption({ label: NEW_YORK });
    await membersOnly.check();
    await grace.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => heading(grace), SLOW).toBe(title);
    await grace.getByText('Members only').first().waitFor(SLOW);
    await grace.getByRole('link', { name: NEW_YORK }).waitFor(SLOW);
    const slug = new URL(grace.url()).pathname.split('/').at(-1)!;

    // Linus: the bell, live, then the email, whose link he follows to RSVP.
    await expect.poll(() => bell.getAttribute('aria-label'), SLOW).toMatch(/^Notifications, \d+ unread$/);
    await bell.click();
    await linus.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: new RegExp(title) }).waitFor(SLOW);
    await linus.keyboard.press('Escape');
    const mail = await mailAbout('linus@example.com', title);
    const eventLink = new RegExp(`https?://\\S+/events/${slug}`).exec(mail.text)?.[0];
    expect(eventLink).toBeTruthy();
    expect(mail.text).toContain('/unsubscribe?token=');
    await linus.goto(eventLink!.replace(/^https?:\/\/[^/]+/, app.server.url));
    await expect.poll(() => heading(linus), SLOW).toBe(title);
    const attend = linus.getByRole('region', { name: 'Attend' });
    await attend.getByRole('button', { name: 'RSVP', exact: true }).click();
    await attend.getByText("You're going.").waitFor(SLOW);

    // Tim is not in the group: no event, but which group it is and the way in.
    const tim = await signedIn('tim', `/events/${slug}`);
    await expect.poll(() => heading(tim), SLOW).toBe(`This event is for members of ${NEW_YORK}`);
    await tim.getByRole('button', { name: 'Join group' }).click();
    await expect.poll(() => heading(tim), SLOW).toBe(title);
    // The map's tiles come from the internet, which this machine has not; anything else counts.
    expect(errors.filter((e) => !e.includes('net::ERR_NAME_NOT_RESOLVED'))).toEqual([]);
  });

  it('an organizer accepts a request to a private group live, and the private events appear', { timeout: 120_000 }, async () => {
    const toronto = await groupSlug(TORONTO);
    // Linus asked to join: the members-only event says whose it is and that he is waiting.
    const linus = await signedIn('linus', `/events/radio-makers-workshop`);
    await expect.poll(() => heading(linus), SLOW).toBe(`This event is for members of ${TORONTO}`);
    await linus.getByText('Your request to join is waiting for the organizers.').waitFor(SLOW);

    const hedy = await signedIn('hedy', `/g/${toronto}/manage`);
    const errors = watchPageErrors(hedy);
    await expect.poll(() => heading(hedy), SLOW).toBe(TORONTO);
    await tab(hedy, /^Requests/).click();
    const requests = hedy.getByRole('list', { name: 'Requests to join' });
    await requests.getByText('Linus Park').waitFor(SLOW);

    // A new request arrives while Hedy looks: it appears by itself.
    const katherine = await signedIn('katherine', `/g/${toronto}`);
    await katherine.getByRole('button', { name: /^Ask to join/ }).click();
    await requests.getByText('Katherine Johnson').waitFor(SLOW);

    await hedy.getByRole('button', { name: 'Accept Linus Park' }).click();
    await hedy.getByText('Linus Park is now a member.').waitFor(SLOW);
    await expect.poll(() => requests.getByText('Linus Park').count(), SLOW).toBe(0);

    await linus.reload();
    await expect.poll(() => heading(linus), SLOW).toBe(RADIO);
    await linus.getByText('Members only').first().waitFor(SLOW);
    expect(errors).toEqual([]);
  });

  it('an organizer bans a member with a reason and lifts the ban', { timeout: 120_000 }, async () => {
    const toronto = await groupSlug(TORONTO);
    const hedy = await signedIn('hedy', `/g/${toronto}/manage`);
    await expect.poll(() => heading(hedy), SLOW).toBe(TORONTO);
    await tab(hedy, /^Members/).click();
    await hedy.getByRole('button', { name: 'Ban Dennis Ritchie' }).click();
    const dialog = hedy.getByRole('alertdialog', { name: 'Ban Dennis Ritchie from the group?' });
    await dialog.getByLabel('Reason (optional)').fill('Spam in the comments.');
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await hedy.getByText('Dennis Ritchie is banned from the group.').waitFor(SLOW);
    await expect.poll(() => hedy.getByRole('list', { name: `Members of ${TORONTO}` }).getByText('Dennis Ritchie').count(), SLOW).toBe(0);

    await tab(hedy, /^Bans/).click();
    const bans = hedy.getByRole('list', { name: 'Banned people' });
    await bans.getByText('Dennis Ritchie').waitFor(SLOW);

    // Dennis cannot get back in.
    const dennis = await signedIn('dennis', `/g/${toronto}`);
    await dennis.getByText(/can't join this group/).first().waitFor(SLOW);

    await hedy.getByRole('button', { name: 'Lift ban on Dennis Ritchie' }).click();
    await hedy.getByText('The ban on Dennis Ritchie is lifted. They can join again.').waitFor(SLOW);
    await expect.poll(() => bans.getByText('Dennis Ritchie').count(), SLOW).toBe(0);
  });

  it('an organizer edits the settings with the same form as a new group, checked like the database', { timeout: 120_000 }, async () => {
    const newYork = await groupSlug(NEW_YORK);
    const grace = await signedIn('grace', `/g/${newYork}/manage`);
    await expect.poll(() => heading(grace), SLOW).toBe(NEW_YORK);
    await tab(grace, /^Settings/).click();
    const name = grace.getByLabel('Name', { exact: true });
    await name.fill('NY');
    await grace.getByRole('button', { name: 'Save settings' }).click();
    await grace.getByText('The name must be 3 to 80 characters long.').waitFor(SLOW);
    await name.fill(NEW_YORK);
    await grace.getByLabel('About the group', { exact: true }).fill('We sail on Saturdays and hack on Thursdays.');
    await grace.getByRole('button', { name: 'Save settings' }).click();
    await grace.getByText('Settings saved.').waitFor(SLOW);
    await grace.goto(`${app.server.url}/g/${newYork}`);
    await grace.getByText('We sail on Saturdays and hack on Thursdays.').waitFor(SLOW);
  });

  it('the manage screens are axe clean at 360 and 1280 px', { timeout: 180_000 }, async () => {
    const newYork = await groupSlug(NEW_YORK);
    await mkdir(SCREENSHOTS, { recursive: true });
    for (const width of [360, 1280]) {
      const grace = await signedIn('grace', `/g/${newYork}/manage`, width);
      await expect.poll(() => heading(grace), SLOW).toBe(NEW_YORK);
      for (const name of [/^Members/, /^Requests/, /^Bans/, /^Announce/, /^Settings/]) {
        await tab(grace, name).click();
        await grace.waitForLoadState('networkidle');
        expect(await seriousA11yViolations(grace), `${name} at ${width}px`).toEqual([]);
        if (String(name) === String(/^Members/)) {
          await grace.screenshot({ path: `${SCREENSHOTS}group-manage-${width === 360 ? 'phone' : 'desktop'}.png`, fullPage: true });
        }
      }
    }
  });
  it('pages a large group\'s members 50 at a time, organizers first', { timeout: 120_000 }, async () => {
    // A group of Grace's with 60 more members, made in the database (not the seed's groups,
    // whose counts other tests read).
    const db = app.server.db;
    const grace = (await db.query<{ id: string }>(`select id from public.profiles where username = 'grace'`)).rows[0]!.id;
    const group = await db.query<{ id: string; slug: string }>(
      `insert into public.groups (created_by, name, category, city, lat, lng) values ($1, 'Paging circle', 'tech', 'Lisbon', 38.72, -9.14) returning id, slug`,
      [grace],
    );
    const { id, slug } = group.rows[0]!;
    await db.query(
      `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'pager' || i || '@example.com', '{"provider":"email"}',
              jsonb_build_object('username', 'pager' || i, 'display_name', 'Pager ' || i), now(), now(), now()
       from generate_series(1, 60) i`,
    );
    await db.query(
      `insert into public.group_members (group_id, user_id, role, status, joined_at)
       select $1, id, 'member', 'active', now() from auth.users where email like 'pager%@example.com'`,
      [id],
    );
    const page = await signedIn('grace', `/g/${slug}/manage`);
    await expect.poll(() => heading(page), SLOW).toBe('Paging circle');
    await tab(page, /^Members/).click();
    const list = page.getByRole('list', { name: 'Members of Paging circle' });
    await expect.poll(() => list.getByRole('listitem').count(), SLOW).toBe(50);
    expect(await list.getByRole('listitem').first().textContent()).toContain('Grace');
    await page.getByRole('button', { name: 'Show more (11 more)' }).click();
    await expect.poll(() => list.getByRole('listitem').count(), SLOW).toBe(61);
    expect(await page.getByRole('button', { name: /^Show more/ }).count()).toBe(0);
  });
});
