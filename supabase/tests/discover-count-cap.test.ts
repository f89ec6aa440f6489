// Discover counts its results up to 1,000 and says "1,000+" past that (decision 0351): through
// REST as anon (POST and GET), and in the first screen the page head draws for Discover.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGather, type GatherServer } from './support/gather-server.ts';

let g: GatherServer;

/** `n` published public events, starting a day apart from tomorrow, in one statement. */
async function addEvents(from: number, to: number, host: string) {
  // Triggers off: they would take seconds for a thousand rows and count nothing here.
  await g.db.query(
    `do $$ begin
       perform set_config('session_replication_role', 'replica', true);
       insert into public.events (host_id, slug, title, starts_at, ends_at, venue_name, lat, lng, status, published_at)
       select '${host}', 'many-' || i, 'Many ' || i, now() + interval '1 day' + i * interval '1 hour',
              now() + interval '1 day' + i * interval '1 hour' + interval '1 hour', 'Hall', 38.7, -9.1, 'published', now()
       from generate_series(${from}, ${to}) i;
       insert into public.event_stats (event_id) select id from public.events where slug like 'many-%' on conflict do nothing;
     end $$`,
  );
}

async function discoverScreen() {
  const res = await g.fetch(`/functions/v1/page-head?${new URLSearchParams({ path: '/', origin: 'https://gather.example' })}`, {
    headers: { 'accept-language': 'en-US,en;q=0.9' },
  });
  expect(res.status).toBe(200);
  const { body = '' } = (await res.json()) as { body?: string };
  return new JSDOM(`<div id="root">${body}</div>`).window.document;
}

beforeAll(async () => {
  g = await startGather();
});
afterAll(() => g.stop());

describe('Discover count', () => {
  it('is exact up to 1,000, and 1,001 ("1,000+") past it, through REST and in the first screen', async () => {
    const host = await g.member('many_host');
    const args = { starts_after: new Date().toISOString(), online_only: false };
    await addEvents(1, 25, host.id);
    const post = await g.anon().rpc('search_events_count', args).single<{ total: number }>();
    expect(post.error).toBeNull();
    expect(post.data!.total).toBe(25);
    expect((await discoverScreen()).querySelector('section p[role="status"]')?.textContent).toBe('25 events');

    await addEvents(26, 1005, host.id);
    const get = await g.anon().rpc('search_events_count', args, { get: true }).single<{ total: number }>();
    expect(get.error).toBeNull();
    expect(get.data!.total).toBe(1001);
    const list = await g.anon().rpc('discover_events', args, { get: true }).select('slug').order('starts_at').order('id').range(1000, 1004);
    expect((list.data as { slug: string }[]).map((e) => e.slug)).toEqual(['many-1001', 'many-1002', 'many-1003', 'many-1004', 'many-1005']);
    expect((await discoverScreen()).querySelector('section p[role="status"]')?.textContent).toBe('1,000+ events');

    // A read returns at most max_rows (config.toml: 1,000) whatever its limit: the map's one row
    // past its 500 pins arrives (decision 0454); one past 1,000 did not.
    const map = (limit: number) => g.anon().rpc('discover_events', args, { get: true }).select('id').order('starts_at').order('id').limit(limit);
    expect((await map(501)).data).toHaveLength(501);
    expect((await map(1001)).data).toHaveLength(1000);
  });
});
