// Discover's cards say what a ticket costs (issue 31): the price_from and tickets_sold_out fields
// beside search_event_series' rows — the cheapest visible type on sale with tickets left, never a
// hidden (access-code) type — and the page head's first screen drawing the same words.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { eventCard } from '../functions/page-head/first-screen/discover.ts';
import { SCREEN_WORDS } from '../functions/page-head/first-screen/words.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let host: Member;
const soon = (hours: number) => new Date(Date.now() + hours * 36e5).toISOString();

beforeAll(async () => {
  g = await startGather();
  host = await g.member('price_host');
});
afterAll(() => g?.stop());

type Card = { title: string; currency: string; price_from: number | null; tickets_sold_out: boolean };

async function card(c: SupabaseClient, title: string): Promise<Card> {
  const r = await c.rpc('search_event_series', { query: title }).select('title, currency, price_from, tickets_sold_out');
  expect(r.error).toBeNull();
  const rows = r.data as unknown as Card[];
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function types(eventId: string, rows: Record<string, unknown>[]) {
  const c = g.client(await signToken(host.claims));
  for (const t of rows) {
    // One at a time: a bulk insert sends every row the union of the keys, nulls for the missing.
    const r = await c.from('ticket_types').insert({ event_id: eventId, ...t });
    expect(r.error).toBeNull();
  }
}

describe("Discover's card prices", () => {
  it('says 0 for a free RSVP event and the cheapest visible type on sale for a paid one; hidden, unopened and ended types do not count', async () => {
    await createEvent(g, host, { title: 'Zinfree picnic' });
    const paid = await createEvent(g, host, { title: 'Zinpaid workshop', currency: 'EUR' });
    await types(paid.id, [
      { name: 'Standard', price: 1500 },
      { name: 'Early bird', price: 500 },
      { name: 'Friends', price: 100, hidden: true, access_code: 'PALS' },
      { name: 'Later', price: 200, sales_start_at: soon(24) },
      { name: 'Past', price: 300, sales_start_at: soon(-48), sales_end_at: soon(-24) },
    ]);
    expect(await card(g.anon(), 'Zinfree')).toMatchObject({ price_from: 0, tickets_sold_out: false });
    expect(await card(g.anon(), 'Zinpaid')).toMatchObject({ currency: 'EUR', price_from: 500, tickets_sold_out: false });
    // The host sees their hidden type elsewhere, but the card says what a visitor pays.
    expect(await card(g.client(await signToken(host.claims)), 'Zinpaid')).toMatchObject({ price_from: 500 });
  });

  it('is null with nothing to buy yet, and sold out once every visible type on sale is, or the capacity is taken', async () => {
    const coded = await createEvent(g, host, { title: 'Zincoded dinner' });
    await types(coded.id, [{ name: 'Guests', price: 4000, hidden: true, access_code: 'X' }]);
    expect(await card(g.anon(), 'Zincoded')).toMatchObject({ price_from: null, tickets_sold_out: false });

    const gone = await createEvent(g, host, { title: 'Zingone concert', currency: 'JPY' });
    await types(gone.id, [{ name: 'Floor', price: 3000, quantity: 2 }, { name: 'Balcony', price: 5000, quantity: 1 }]);
    expect(await card(g.anon(), 'Zingone')).toMatchObject({ currency: 'JPY', price_from: 3000 });
    await g.db.query(`update public.ticket_types set sold_count = 2 where event_id = $1 and name = 'Floor'`, [gone.id]);
    expect(await card(g.anon(), 'Zingone')).toMatchObject({ price_from: 5000, tickets_sold_out: false });
    await g.db.query(`update public.ticket_types set held_count = 1 where event_id = $1 and name = 'Balcony'`, [gone.id]);
    expect(await card(g.anon(), 'Zingone')).toMatchObject({ price_from: null, tickets_sold_out: true });

    const full = await createEvent(g, host, { title: 'Zinfull class', capacity: 5 });
    await types(full.id, [{ name: 'Seat', price: 900 }]);
    await g.db.query(`update public.event_stats set spots_left = 0 where event_id = $1`, [full.id]);
    expect(await card(g.anon(), 'Zinfull')).toMatchObject({ price_from: null, tickets_sold_out: true });
  });
});

describe("Discover's first screen (page-head) says the price as the app does", () => {
  const e = {
    id: 'x', slug: 'w', title: 'W', category: 'arts', starts_at: '2030-11-26T19:00:00Z', timezone: 'Europe/Lisbon',
    venue_name: 'Studio', is_online: false, capacity: null, waitlist_enabled: false, cover_path: null, event_stats: null,
  };
  const draw = (locale: 'en' | 'fr', tag: string, fields: Record<string, unknown>) =>
    eventCard({ ...e, ...fields }, 0, SCREEN_WORDS[locale].discover, { api: 'http://x', locale, formatLocale: tag, category: (c) => c });
  it('in the reader\'s language and number format, whole amounts without decimals, zero-decimal currencies right', () => {
    expect(draw('en', 'en-US', { currency: 'EUR', price_from: 500, tickets_sold_out: false })).toContain('lucide-ticket size-4 shrink-0');
    expect(draw('en', 'en-US', { currency: 'EUR', price_from: 500, tickets_sold_out: false })).toContain('>From €5<');
    expect(draw('en', 'en-US', { currency: 'EUR', price_from: 1250, tickets_sold_out: false })).toContain('>From €12.50<');
    expect(draw('fr', 'fr-FR', { currency: 'EUR', price_from: 1250, tickets_sold_out: false })).toContain('>À partir de 12,50\u00a0€<');
    expect(draw('en', 'en-US', { currency: 'JPY', price_from: 3000, tickets_sold_out: false })).toContain('>From ¥3,000<');
    expect(draw('fr', 'fr-FR', { currency: 'EUR', price_from: 0, tickets_sold_out: false })).toContain('>Gratuit<');
    expect(draw('en', 'en-US', { currency: 'EUR', price_from: null, tickets_sold_out: true })).toContain('>Sold out<');
    expect(draw('en', 'en-US', { currency: 'EUR', price_from: null, tickets_sold_out: false })).not.toContain('lucide-ticket');
  });
});
