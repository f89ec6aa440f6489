import { fileURLToPath } from 'node:url';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient } from './helpers/auth-clients.ts';
import { subscribed } from './helpers/realtime.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Gather itself, seeded: the event page's live counters as two members see them (the e2e
// "lets a member RSVP and cancel…" case, without a browser).
const GATHER = fileURLToPath(new URL('../../supabase', import.meta.url));
const SLUG = 'analytical-engines-a-hands-on-evening';

interface Page {
  client: SupabaseClient;
  channel: RealtimeChannel;
  /** going_count of every event_stats change this page received, in order. */
  going: number[];
}

let s: TestServer;
let eventId: string;
beforeAll(async () => {
  s = await startTestServer({ project: GATHER, rateLimitSignInSignUps: '1000', rateLimitTokenRefresh: '1000' }, { seed: true });
  const { rows } = await s.db.query<{ id: string }>('select id from public.events where slug = $1', [SLUG]);
  eventId = rows[0]!.id;
});
afterAll(() => s.stop());

/** Signs in and opens the event page's channel the way web/src/features/events/live does. */
async function openPage(email: string): Promise<Page> {
  const client = appClient(s);
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'gather-demo' });
  if (error) throw error;
  await client.realtime.setAuth();
  const going: number[] = [];
  const channel = client
    .channel(`event:${eventId}`, { config: { private: true, presence: { key: crypto.randomUUID(), enabled: true } } })
    .on('postgres_changes', { event: '*', schema: 'public', table: 'event_stats', filter: `event_id=eq.${eventId}` }, (p) => {
      going.push((p.new as { going_count: number }).going_count);
    })
    .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'rsvps', filter: `user_id=eq.${data.user!.id}` }, () => {})
    .on('postgres_changes', { event: '*', schema: 'public', table: 'comments', filter: `event_id=eq.${eventId}` }, () => {})
    .on('presence', { event: 'sync' }, () => {});
  await subscribed(channel);
  await channel.track({ online_at: new Date().toISOString() });
  return { client, channel, going };
}

async function close(page: Page): Promise<void> {
  await page.client.removeAllChannels();
  page.client.realtime.disconnect();
}

async function goingCount(): Promise<number> {
  const { rows } = await s.db.query<{ going_count: number }>('select going_count from public.event_stats where event_id = $1', [eventId]);
  return rows[0]!.going_count;
}

async function call(page: Page, fn: 'rsvp' | 'cancel_rsvp'): Promise<void> {
  const args = fn === 'rsvp' ? { event_id: eventId, guests: 0 } : { event_id: eventId };
  const { error } = await page.client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
}

describe(`live event counters for two members (${driverName})`, () => {
  it('brings every RSVP and cancel to both pages, joined at the same moment', async () => {
    const [grace, linus] = await Promise.all([openPage('grace@example.com'), openPage('linus@example.com')]);
    for (const page of [grace, linus]) await call(page, 'cancel_rsvp').catch(() => {});
    const steps: [Page, 'rsvp' | 'cancel_rsvp'][] = [
      [grace, 'rsvp'], [linus, 'rsvp'], [grace, 'cancel_rsvp'], [linus, 'cancel_rsvp'],
      [linus, 'rsvp'], [grace, 'rsvp'], [linus, 'cancel_rsvp'], [grace, 'cancel_rsvp'],
    ];
    for (const [page, fn] of steps) {
      // Read before the call: nothing touches the database between the RPC and delivery.
      const want = (await goingCount()) + (fn === 'rsvp' ? 1 : -1);
      await call(page, fn);
      // Each page's last change carries the count as committed: a missed change leaves it behind.
      await expect.poll(() => grace.going.at(-1), { timeout: 10_000 }).toBe(want);
      await expect.poll(() => linus.going.at(-1), { timeout: 10_000 }).toBe(want);
    }
    await Promise.all([close(grace), close(linus)]);
  });

  it('delivers a change to a page that joins while other members RSVP', async () => {
    const grace = await openPage('grace@example.com');
    await call(grace, 'cancel_rsvp').catch(() => {});
    for (let round = 0; round < 4; round++) {
      // A third member joins while Grace's RSVPs commit; once joined, every later change reaches it.
      const joining = openPage('linus@example.com');
      await call(grace, 'rsvp');
      const linus = await joining;
      const want = (await goingCount()) - 1;
      await call(grace, 'cancel_rsvp');
      await expect.poll(() => linus.going.at(-1), { timeout: 10_000 }).toBe(want);
      await expect.poll(() => grace.going.at(-1), { timeout: 10_000 }).toBe(want);
      await close(linus);
    }
    await close(grace);
  });
});
