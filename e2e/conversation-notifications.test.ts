import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { expectCleanAtWidths } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// Replies and mentions open the right page (issue 33, decision 0405): a mention in a group
// discussion reaches the bell, and its link opens the thread on the group page with the very
// reply in view and focused; the email choice for private messages is kept in Settings.
const app = useApp();
const SLOW = { timeout: 20_000 };
const GROUP = 'lisbon-analytical-society';

async function signedIn(email: string) {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return client;
}

describe('conversation notifications', () => {
  it("a mention's link opens the thread at the reply that mentions you", async () => {
    const [{ group_id, grace }] = (await app.server.db.query<{ group_id: string; grace: string }>(
      `select g.id as group_id, p.username as grace from public.groups g, public.profiles p join auth.users u on u.id = p.id
       where g.slug = $1 and u.email = 'grace@example.com'`, [GROUP])).rows as [{ group_id: string; grace: string }];
    const graceDb = await signedIn('grace@example.com');
    const alanDb = await signedIn('alan@example.com');
    const { data: t, error } = await graceDb.from('discussion_threads').insert({ group_id, title: 'Notes on the engine', body: 'Who has read them?' }).select('id').single();
    expect(error).toBeNull();
    const { data: r } = await alanDb.from('discussion_replies').insert({ thread_id: t!.id, body: `I have. @${grace}, note G is the best part.` }).select('id').single();

    const { page } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/');
    const errors = watchPageErrors(page);
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), SLOW).toMatch(/^Notifications, \d+ unread$/);
    await bell.click();
    await page.getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: /mentioned you in Notes on the engine/ }).first().click();

    await expect.poll(() => page.url(), SLOW).toContain(`/g/${GROUP}?thread=${t!.id}#reply-${r!.id}`);
    const reply = page.locator(`[id="reply-${r!.id}"]`);
    await reply.getByText('note G is the best part', { exact: false }).waitFor(SLOW);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), SLOW).toBe(`reply-${r!.id}`);
    expect(await reply.isVisible()).toBe(true);
    await expectCleanAtWidths(page, 'thread opened from a mention');
    expect(errors).toEqual([]);
  });

  it('keeps the email and bell choices for conversations, per kind, in Settings', async () => {
    const { page } = await newSignedInPage(app.browser, app.server.url, 'alan@example.com', '/settings');
    const prefs = page.getByRole('region', { name: 'Notifications' });
    const messages = prefs.getByRole('checkbox', { name: 'Private messages' }).first();
    await messages.waitFor(SLOW);
    expect(await messages.isChecked()).toBe(true);
    expect(await prefs.getByRole('checkbox', { name: 'Replies in discussions' }).first().isChecked()).toBe(false);
    await messages.uncheck();
    await prefs.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Notification preferences saved').first().waitFor(SLOW);
    const { rows } = await app.server.db.query<{ delivery: string }>(
      `select k.delivery from public.notification_kind_preferences k join auth.users u on u.id = k.user_id
       where u.email = 'alan@example.com' and k.kind = 'direct_message' and k.channel = 'email'`);
    expect(rows).toEqual([{ delivery: 'off' }]);
    await page.reload();
    await prefs.getByRole('checkbox', { name: 'Private messages' }).first().waitFor(SLOW);
    expect(await prefs.getByRole('checkbox', { name: 'Private messages' }).first().isChecked()).toBe(false);

    // The bell's own choice for the same kinds.
    const bellChoices = prefs.getByRole('group', { name: 'What the bell shows' });
    await bellChoices.getByRole('checkbox', { name: 'Mentions' }).uncheck();
    await prefs.getByRole('button', { name: 'Save bell preferences' }).click();
    await page.getByText('Bell preferences saved').first().waitFor(SLOW);
    const { rows: bell } = await app.server.db.query<{ delivery: string }>(
      `select k.delivery from public.notification_kind_preferences k join auth.users u on u.id = k.user_id
       where u.email = 'alan@example.com' and k.kind = 'mention' and k.channel = 'in_app'`);
    expect(bell).toEqual([{ delivery: 'off' }]);
    await expectCleanAtWidths(page, 'settings with conversation choices');
  });
});
