// Discover's list shows a series once, at its next date, with how many dates follow
// (search_event_series, search_event_series_count, the more_dates field; issue 32, decision 0322),
// while search_events (the calendar, the map) still gives every date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createSeries } from './support/series.ts';
import { eventCard } from '../functions/page-head/first-screen/discover.ts';
import { SCREEN_WORDS } from '../functions/page-head/first-screen/words.ts';

let g: GatherServer;
let host: Member;
let dates: { id: string; starts_at: string }[];
beforeAll(async () => {
  g = await startGather();
  host = await g.member('pottery_host');
  const first = await createEvent(g, host, { title: 'Pottery wheel night', days: 3 });
  const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=8');
  dates = s.events.map((e) => ({ id: e.id, starts_at: e.starts_at })).sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  await createEvent(g, host, { title: 'Pottery kiln open day', days: 4 });
});
afterAll(() => g.stop());

type Card = { id: string; title: string; more_dates: number | null };
const CARD = 'id, title, more_dates';

async function cards(args: Record<string, unknown>) {
  const anon = g.anon();
  const list = await anon.rpc('search_event_series', { query: 'pottery', ...args }).select(CARD);
  const count = await anon.rpc('search_event_series_count', { query: 'pottery', ...args }).single<{ total: number }>();
  expect(list.error).toBeNull();
  expect(count.error).toBeNull();
  return { rows: list.data as unknown as Card[], total: count.data!.total };
}

describe("Discover's one card per series", () => {
  it('lists a weekly series of 8 dates once, at its first date, with 7 more; a single event as before', async () => {
    expect(dates).toHaveLength(8);
    const { rows, total } = await cards({});
    expect(rows).toEqual([
      { id: dates[0]!.id, title: 'Pottery wheel night', more_dates: 7 },
      { id: expect.any(String), title: 'Pottery kiln open day', more_dates: null },
    ]);
    expect(total).toBe(2);
    // The calendar's and the map's search still has every date.
    const every = await g.anon().rpc('search_events', { query: 'pottery' }, { count: 'exact' }).select('id');
    expect(every.count).toBe(9);
  });

  it('moves the card to the next date once a date is over for the window asked, and pages as the count says', async () => {
    const after = new Date(Date.parse(dates[1]!.starts_at) - 60_000).toISOString();
    const { rows, total } = await cards({ starts_after: after });
    expect(rows.map((r) => [r.id, r.more_dates])).toEqual([[dates[1]!.id, 6]]);
    expect(total).toBe(1);
    const page = await g.anon().rpc('search_event_series', { query: 'pottery' }).select(CARD).range(1, 1);
    expect((page.data as unknown as Card[]).map((r) => r.title)).toEqual(['Pottery kiln open day']);
  });

  it('skips a hidden or cancelled date: the next published date leads, and they are not counted as more', async () => {
    await g.db.query(`update public.events set hidden_at = now() where id = $1`, [dates[0]!.id]);
    await g.db.query(`update public.events set status = 'cancelled' where id = $1`, [dates[7]!.id]);
    const { rows, total } = await cards({});
    expect(rows.filter((r) => r.title === 'Pottery wheel night')).toEqual([{ id: dates[1]!.id, title: 'Pottery wheel night', more_dates: 5 }]);
    expect(total).toBe(2);
  });
});

describe("Discover's first screen (page-head) draws a series' card as the app does", () => {
  const e = {
    id: 'x', slug: 'pottery', title: 'Pottery', category: 'arts', starts_at: '2030-11-26T19:00:00Z', timezone: 'Europe/Lisbon',
    venue_name: 'Clay studio', is_online: false, capacity: null, waitlist_enabled: false, cover_path: null, event_stats: null,
  };
  const card = (locale: 'en' | 'fr', more: number | null) => eventCard({ ...e, more_dates: more }, 0, SCREEN_WORDS[locale].discover,
    { api: 'http://x', locale, formatLocale: locale, category: (c) => c });
  it('says how many dates follow, in the reader\'s language and plural, and nothing outside a series', () => {
    expect(card('en', 7)).toContain('lucide-repeat size-4 shrink-0');
    expect(card('en', 7)).toContain('+7 more dates');
    expect(card('en', 1)).toContain('+1 more date<');
    expect(card('fr', 7)).toContain('+7 autres dates');
    expect(card('fr', 1)).toContain('+1 autre date<');
    expect(card('en', null)).not.toContain('more date');
  });
});
