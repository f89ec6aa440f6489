import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, newSignedInPage, signIn } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// Invitations to a private event (issue 32 item 2, decision 0305): the host opens the invite page
// from her dashboard, invites by email and makes a link at 360 px; the invitee follows the emailed
// invitation signed out, signs in and answers in one step at 1280 px; the host sees the answer.
// A group's organizer finds the group's invite page from its manage area.

const app = useApp();

/** A private event of Ada's, a week ahead, made through the API as the editor would. */
async function privateEvent(title: string): Promise<string> {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data: auth, error } = await client.auth.signInWithPassword({ email: 'ada@example.com', password: DEMO_PASSWORD });
  if (error) throw error;
  const start = Date.now() + 7 * 864e5;
  const { data, error: insertError } = await client.from('events').insert({
    host_id: auth.user.id, title, visibility: 'private', status: 'published', timezone: 'Europe/London', venue_name: 'The Lab', lat: 51.5, lng: -0.12,
    starts_at: new Date(start).toISOString(), ends_at: new Date(start + 2 * 36e5).toISOString(),
  }).select('slug').single();
  if (insertError) throw insertError;
  return data.slug;
}

/** The invitation page's path from the newest invitation email to `to`. */
async function invitationPathFromInbox(to: string): Promise<string> {
  let path = '';
  await expect.poll(async () => {
    const res = await fetch(`${app.server.url}/_inbox/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: { kind: string; text: string }[] };
    const text = messages.find((m) => m.kind === 'invitation')?.text ?? '';
    path = /https?:\/\/[^/\s]+(\/invitations\/\S+)/.exec(text)?.[1] ?? '';
    return path;
  }, { timeout: 20_000 }).not.toBe('');
  return path;
}

const status = (page: Page) => page.getByRole('status');

describe('invitations', () => {
  it('a host invites by email and link; the invitee opens the email signed out, signs in and says they are going', async () => {
    const slug = await privateEvent('Secret supper club');
    // Ada reaches the invite page from her dashboard, at 360 px.
    const ada = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', `/events/${slug}/manage`);
    const errors = watchPageErrors(ada.page);
    await ada.page.setViewportSize({ width: 360, height: 800 });
    await ada.page.getByRole('navigation', { name: 'Event tools' }).getByRole('link', { name: 'Invite people' }).click({ timeout: 15_000 });
    await expect.poll(() => heading(ada.page), { timeout: 15_000 }).toBe('Invite people to Secret supper club');
    expect(new URL(ada.page.url()).pathname).toBe(`/events/${slug}/invite`);
    await ada.page.getByText('Nobody invited yet.').waitFor();

    await ada.page.getByLabel('Email addresses').fill('Hedy <hedy@example.com>\nnot-an-address');
    await ada.page.getByRole('button', { name: 'Send invitations' }).click();
    await status(ada.page).getByText('1 invited.').waitFor();
    await status(ada.page).getByText('Not email addresses: not-an-address').waitFor();
    await ada.page.getByRole('list').filter({ hasText: 'hedy@example.com' }).getByText('Invited', { exact: true }).waitFor();

    await ada.page.getByLabel('Use limit (optional)').fill('5');
    await ada.page.getByRole('button', { name: 'Create link' }).click();
    await ada.page.getByText('Used 0 of 5 times').waitFor();
    expect(await ada.page.locator('code').first().textContent()).toMatch(/\/invitations\/[A-Za-z0-9_-]{20,}$/);
    await expectCleanScreen(ada.page);

    // Hedy follows the email's button, signed out: she sees what she is invited to.
    const path = await invitationPathFromInbox('hedy@example.com');
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const hedy = await context.newPage();
    await hedy.goto(`${app.server.url}${path}`);
    await expect.poll(() => heading(hedy), { timeout: 15_000 }).toBe('Secret supper club');
    await hedy.getByText('Ada Lovelace invited you').waitFor();
    await hedy.getByRole('link', { name: 'Sign in to answer' }).waitFor();
    expect(await seriousA11yViolations(hedy)).toEqual([]);

    // Signed in, one click answers it.
    await signIn(hedy, app.server.url, 'hedy@example.com', decodeURIComponent(path));
    await hedy.getByRole('button', { name: "I'm going" }).click({ timeout: 15_000 });
    await hedy.getByText("You're going.").waitFor();
    await hedy.getByRole('link', { name: 'Open the event' }).click();
    await expect.poll(() => heading(hedy), { timeout: 15_000 }).toBe('Secret supper club');

    // Ada sees who answered.
    await ada.page.reload();
    await ada.page.getByRole('list').filter({ hasText: 'hedy@example.com' }).getByText('Going', { exact: true }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
    await ada.context.close();
  });

  it("a group's organizer reaches the group's invite page from its manage area at 360 px", async () => {
    const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
    const { data: group, error } = await client.from('groups').select('slug, name').eq('name', 'New York Hackers & Sailors').single();
    if (error) throw error;
    const grace = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', `/g/${group.slug}/manage`);
    await grace.page.setViewportSize({ width: 360, height: 800 });
    await grace.page.getByRole('link', { name: 'Invite people' }).click({ timeout: 15_000 });
    await expect.poll(() => heading(grace.page), { timeout: 15_000 }).toBe(`Invite people to ${group.name}`);
    expect(await grace.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await grace.context.close();
  });

  it('says an unknown invitation does not work', async () => {
    const context = await app.browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/invitations/not-a-real-token-at-all`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe("This invitation doesn't work");
    await page.getByText('This invitation link is not valid.').waitFor();
    await context.close();
  });
});
