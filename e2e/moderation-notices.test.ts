import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// Moderation that tells people (issue 32 item 5, decision 0310): the host of a hidden event reads
// why on the notice's page at 360 px, appeals once, and reads the moderators' answer.

const app = useApp();

async function client(email: string): Promise<{ c: SupabaseClient; id: string }> {
  const c = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data, error } = await c.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return { c, id: data.user.id };
}

describe('moderation notices', () => {
  it('a hidden event\'s host reads why, appeals once and reads the answer', async () => {
    const grace = await client('grace@example.com');
    const start = Date.now() + 5 * 864e5;
    const { data: event, error } = await grace.c.from('events').insert({
      host_id: grace.id, title: 'Midnight drag race', status: 'published', timezone: 'Europe/Lisbon', venue_name: 'Docks', lat: 38.7, lng: -9.1,
      starts_at: new Date(start).toISOString(), ends_at: new Date(start + 36e5).toISOString(),
    }).select('id').single();
    if (error) throw error;
    const ada = await client('ada@example.com');
    const hidden = await ada.c.rpc('hide_content', { target_type: 'event', target_id: event.id, hidden: true, reason: 'Street racing is not allowed.' });
    if (hidden.error) throw hidden.error;
    const { data: notice } = await grace.c.from('notifications').select('payload').eq('kind', 'content_hidden').single();
    const itemId = (notice!.payload as { hidden_item_id: string }).hidden_item_id;

    const page = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', `/notices/${itemId}`);
    const errors = watchPageErrors(page.page);
    await page.page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => heading(page.page), { timeout: 15_000 }).toBe('The moderators hid Midnight drag race');
    await page.page.getByText('Street racing is not allowed.').waitFor();
    expect(await seriousA11yViolations(page.page)).toEqual([]);

    await page.page.getByLabel('Appeal').fill('It is a charity run on a closed course.');
    await page.page.getByRole('button', { name: 'Send appeal' }).click();
    await page.page.getByText('The moderators have not answered yet.').waitFor();
    expect(await page.page.getByRole('button', { name: 'Send appeal' }).count()).toBe(0);

    const { data: appeal } = await ada.c.from('appeals').select('id').eq('hidden_item_id', itemId).single();
    const decided = await ada.c.rpc('decide_appeal', { appeal_id: appeal!.id, accept: false, response: 'No permit was shown.' });
    if (decided.error) throw decided.error;
    await page.page.reload();
    await page.page.getByText('Rejected: it stays hidden.').waitFor({ timeout: 15_000 });
    await page.page.getByText('No permit was shown.').waitFor();
    expect(await page.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await page.context.close();
  });
});
