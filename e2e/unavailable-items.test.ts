import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { DEMO_PASSWORD, heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// Unavailable, not "not found" (issue 32 item 5, decision 0310): a guest of an event the
// moderators hid, and a member of a group they hid, are told it is unavailable at 360 px;
// someone with no stake still reads "not found".

const app = useApp();

async function client(email: string): Promise<{ c: SupabaseClient; id: string }> {
  const c = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data, error } = await c.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return { c, id: data.user.id };
}

async function pageAt360(email: string, path: string) {
  const session = await newSignedInPage(app.browser, app.server.url, email, path);
  await session.page.setViewportSize({ width: 360, height: 800 });
  return session;
}

describe('hidden events and groups', () => {
  it("tells a hidden event's guest it is unavailable, and a stranger that it is not found", async () => {
    const grace = await client('grace@example.com');
    const start = Date.now() + 5 * 864e5;
    const { data: event, error } = await grace.c.from('events').insert({
      host_id: grace.id, title: 'Harbour lantern walk', status: 'published', timezone: 'Europe/Lisbon', venue_name: 'Docks', lat: 38.7, lng: -9.1,
      starts_at: new Date(start).toISOString(), ends_at: new Date(start + 36e5).toISOString(),
    }).select('id, slug').single();
    if (error) throw error;
    const hedy = await client('hedy@example.com');
    expect((await hedy.c.rpc('rsvp', { event_id: event.id })).error).toBeNull();
    const ada = await client('ada@example.com');
    const hidden = await ada.c.rpc('hide_content', { target_type: 'event', target_id: event.id, hidden: true, reason: 'Spam.' });
    if (hidden.error) throw hidden.error;

    const guest = await pageAt360('hedy@example.com', `/events/${event.slug}`);
    await expect.poll(() => heading(guest.page), { timeout: 15_000 }).toBe('Harbour lantern walk');
    await guest.page.getByText(/This event \(.+\) is unavailable/).waitFor();
    // The tab says it too, not "Event not found" (issue 32).
    await expect.poll(() => guest.page.title()).toBe('Unavailable: Harbour lantern walk · Gather');
    await expectCleanScreen(guest.page);
    await guest.context.close();

    const stranger = await pageAt360('barbara@example.com', `/events/${event.slug}`);
    await expect.poll(() => heading(stranger.page), { timeout: 15_000 }).toBe('Event not found');
    expect(await stranger.page.title()).toBe('Event not found · Gather');
    await stranger.context.close();
  });

  it("tells a hidden group's member it is unavailable", async () => {
    const ada = await client('ada@example.com');
    const { data: group, error } = await ada.c.from('groups').select('id, slug, name').eq('name', 'New York Hackers & Sailors').single();
    if (error) throw error;
    const hedy = await client('hedy@example.com');
    const joined = await hedy.c.rpc('join_group', { group_id: group.id });
    if (joined.error) throw joined.error;
    const hidden = await ada.c.rpc('hide_content', { target_type: 'group', target_id: group.id, hidden: true, reason: 'Spam.' });
    if (hidden.error) throw hidden.error;

    const member = await pageAt360('hedy@example.com', `/g/${group.slug}`);
    await expect.poll(() => heading(member.page), { timeout: 15_000 }).toBe(group.name);
    await member.page.getByText('This group is unavailable', { exact: false }).waitFor();
    expect(await seriousA11yViolations(member.page)).toEqual([]);
    await expect.poll(() => member.page.title()).toBe(`Unavailable: ${group.name} · Gather`);
    // In French on a wide screen: the page and its tab.
    await member.page.setViewportSize({ width: 1280, height: 900 });
    await member.page.evaluate(() => localStorage.setItem('gather.locale', 'fr'));
    await member.page.reload();
    await member.page.getByText('Ce groupe est indisponible', { exact: false }).waitFor({ timeout: 15_000 });
    await expect.poll(() => member.page.title()).toBe(`Indisponible : ${group.name} · Gather`);
    expect(await seriousA11yViolations(member.page)).toEqual([]);
    await member.context.close();
  });
});
