// A search whose words many events share lists them by date (migration 20261130100000, decision
// 0444): past 200 events Discover could list, search_event_series gives the old search's cards
// (the same events, one per series, for every caller) by date, up to 1,000, and its count counts
// them up to 1,001; up to 200 it ranks them by relevance as before. Past 1,000 events everyone's
// list has, the count is "1,000+" without reading the rest (migration 20261130200000, decision 0445).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { DISCOVER_CARD_COLUMNS, DISCOVER_COUNT_RPC, DISCOVER_SEARCH_RPC } from '../functions/_shared/page-contract.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { makeGroupCast, type GroupCast } from './support/group-cast.ts';
import { createSeries } from './support/series.ts';
import { oldSearchSeriesSql } from './support/old-discover-search.ts';

type Card = Record<string, unknown> & { id: string; title: string; starts_at: string };

let g: GatherServer;
let c: GroupCast;
let host: Member;
/** Hosts the events written as SQL (a member's own are limited to 20 a day, and `host` still creates some). */
let bulkHost: Member;
let callers: [string, SupabaseClient][];

/** `n` published events titled `title i`, one every 3 hours from `fromHours` on, as SQL (the population is large). */
async function events(n: number, title: string, fields: { fromHours?: number; visibility?: string; groupId?: string; hostId?: string; description?: string } = {}) {
  await g.db.query(
    `insert into public.events (host_id, group_id, title, description, starts_at, ends_at, venue_name, lat, lng, status, visibility)
     select $1, $2, $3 || ' ' || i, $4, now() + make_interval(hours => $5 + 3 * i), now() + make_interval(hours => $5 + 3 * i + 2),
            'Hall', 38.7, -9.1, 'published', $6
     from generate_series(1, $7) i`,
    [fields.hostId ?? bulkHost.id, fields.groupId ?? null, title, fields.description ?? '', fields.fromHours ?? 1, fields.visibility ?? 'public', n],
  );
}

beforeAll(async () => {
  g = await startGather();
  c = await makeGroupCast(g);
  host = await g.member('choir_host');
  bulkHost = await g.member('choir_bulk_host');
  // 230 public choir evenings outside groups, 12 members-only ones in the closed group (members
  // see 242), 6 whose description alone has the word, a weekly series, and events no list shows.
  await events(230, 'Choir practice');
  await events(12, 'Closed choir', { visibility: 'members', groupId: c.closed.id, hostId: c.organizer.id, fromHours: 2 });
  await events(6, 'Evening of songs', { description: 'Our choir sings carols.', fromHours: 4 });
  await events(3, 'Private choir supper', { visibility: 'private' });
  const weekly = await createEvent(g, host, { title: 'Weekly choir circle', days: 1 });
  await createSeries(g, host, weekly.id, 'FREQ=WEEKLY;COUNT=5');
  // A word few events share: the title that has it ranks before the later description.
  await createEvent(g, host, { title: 'Harpsichord recital', days: 9 });
  await createEvent(g, host, { title: 'Baroque evening', days: 2, description: 'Music for harpsichord and voice.' });

  await g.db.query(oldSearchSeriesSql('test_old_cards_by_date', 'e.starts_at, e.id'));
  await g.db.query(`grant execute on function public.test_old_cards_by_date(text, public.event_category, timestamptz, timestamptz,
    boolean, double precision, double precision, double precision, boolean) to anon, authenticated`);
  await g.reloadSchema();
  callers = [['anon', g.anon()]];
  for (const k of ['member', 'outsider', 'admin'] as const) callers.push([k, g.client(await signToken(c[k].claims))]);
}, 180_000);
afterAll(() => g?.stop());

async function rows(p: PromiseLike<{ data: unknown; error: unknown }>): Promise<Card[]> {
  const r = await p;
  expect(r.error).toBeNull();
  return r.data as Card[];
}

/** A page as the app asks it (search-events.ts): GET, the function's own order. */
const page = (db: SupabaseClient, args: Record<string, unknown>, from: number, to: number) =>
  rows(db.rpc(DISCOVER_SEARCH_RPC, args, { get: true }).select(DISCOVER_CARD_COLUMNS).range(from, to));

describe('a search whose words many events share', () => {
  it('is told apart from one with few matches, among the events Discover could list', async () => {
    const often = async (q: string) =>
      (await g.sqlAs('anon')<{ often: boolean }>(`select private.words_match_often($1, now()) as often`, [q]))[0]!.often;
    expect(await often('choir')).toBe(true);
    expect(await often('harpsichord')).toBe(false);
    expect(await often('private choir supper')).toBe(false); // private events are not counted
  });

  it("gives every caller the old search's cards by date, page by page, and counts them", async () => {
    const seen: Record<string, number> = {};
    for (const [name, db] of callers) {
      for (const f of [{ query: 'choir' }, { query: 'choir', starts_before: new Date(Date.now() + 10 * 864e5).toISOString() }, { query: 'choir', in_my_groups: true }]) {
        const args = { starts_after: new Date().toISOString(), online_only: false, ...f };
        const expected = await rows(db.rpc('test_old_cards_by_date', args).select(DISCOVER_CARD_COLUMNS).range(0, 999));
        const paged: Card[] = [];
        for (let from = 0; from < expected.length + 50; from += 50) paged.push(...(await page(db, args, from, from + 49)));
        expect(paged, `${name} ${JSON.stringify(f)}`).toEqual(expected);
        const count = await db.rpc(DISCOVER_COUNT_RPC, args, { get: true }).single<{ total: number }>();
        expect(count.data?.total, `${name} ${JSON.stringify(f)} count`).toBe(expected.length);
        if (Object.keys(f).length === 1) seen[name] = expected.length;
      }
    }
    // 230 + 6 + one card for the weekly series; members also see the closed group's 12.
    expect(seen.anon).toBe(237);
    expect(seen.outsider).toBe(237);
    expect(seen.member).toBe(249);
    const anon = await page(g.anon(), { starts_after: new Date().toISOString(), query: 'choir' }, 0, 999);
    expect(anon.map((r) => r.title).filter((t) => /Private|Closed/.test(t))).toEqual([]);
    expect(anon.filter((r) => r.title === 'Weekly choir circle')).toHaveLength(1);
  });

  it('counts up to 1,001 when more share the words, and lists the first 1,000 by date', async () => {
    await events(800, 'Choir rehearsal', { fromHours: 5 });
    const args = { starts_after: new Date().toISOString(), query: 'choir' };
    const count = await g.anon().rpc(DISCOVER_COUNT_RPC, args, { get: true }).single<{ total: number }>();
    expect(count.data?.total).toBe(1001);
    const cards = await page(g.anon(), args, 0, 1099);
    expect(cards).toHaveLength(1000);
    expect(cards.map((r) => r.starts_at)).toEqual(cards.map((r) => r.starts_at).sort());
  });

  it('counts "1,000+" for every caller from the events everyone sees, and exactly for "only my groups"', async () => {
    // By now 1,036 public choir events outside series and groups: everyone's list has them all.
    const args = { starts_after: new Date().toISOString(), query: 'choir' };
    const everyone = await g.sqlAs('anon')<{ n: number }>(
      'select private.words_match_for_everyone($1, null, $2, null, false, null, null, null) as n', [args.query, args.starts_after]);
    expect(everyone[0]!.n).toBe(1001);
    const mineCounted: Record<string, number> = {};
    for (const [name, db] of callers) {
      const count = await db.rpc(DISCOVER_COUNT_RPC, args, { get: true }).single<{ total: number }>();
      expect(count.data?.total, name).toBe(1001);
      // Not everyone's list: the closed group's 12 for its member, none for the others.
      const mine = { ...args, in_my_groups: true };
      const expected = await rows(db.rpc('test_old_cards_by_date', mine).select('id').range(0, 999));
      const counted = await db.rpc(DISCOVER_COUNT_RPC, mine, { get: true }).single<{ total: number }>();
      expect(counted.data?.total, `${name} in my groups`).toBe(expected.length);
      mineCounted[name] = counted.data!.total;
    }
    expect(mineCounted.member).toBe(12);
  });

  it('counts none for a session that has not used its second factor: it sees no event', async () => {
    const guarded = await g.member('choir_two_factor');
    await g.db.query(
      `insert into auth.mfa_factors (id, user_id, factor_type, status, created_at, updated_at)
       values (gen_random_uuid(), $1, 'totp', 'verified', now(), now())`, [guarded.id]);
    const db = g.client(await signToken({ ...guarded.claims, aal: 'aal1' }));
    const args = { starts_after: new Date().toISOString(), query: 'choir' };
    const count = await db.rpc(DISCOVER_COUNT_RPC, args, { get: true }).single<{ total: number }>();
    expect(count.data?.total).toBe(0);
    expect(await page(db, args, 0, 19)).toEqual([]);
  });

  it('still ranks a search with few matches by relevance, then date', async () => {
    const titles = (await page(g.anon(), { starts_after: new Date().toISOString(), query: 'harpsichord' }, 0, 19)).map((r) => r.title);
    expect(titles).toEqual(['Harpsichord recital', 'Baroque evening']);
  });

  it('takes a word the planner expects in more than 2,000 events as common without counting (decision 0463)', async () => {
    await events(2500, 'Madrigal festival', { fromHours: 6 });
    // What autovacuum does after a load this size (the planner's statistics), now rather than within its minute.
    await g.db.query('analyze public.events');
    const planned = async (q: string) =>
      (await g.db.query<{ n: number }>('select private.words_planned_matches($1, now()) as n', [q])).rows[0]!.n;
    expect(await planned('madrigal')).toBeGreaterThan(2000);
    expect(await planned('harpsichord')).toBeLessThan(2000);
    const often = async (q: string) =>
      (await g.sqlAs('anon')<{ often: boolean }>('select private.words_match_often($1, now()) as often', [q]))[0]!.often;
    expect(await often('madrigal')).toBe(true);
    expect(await often('harpsichord')).toBe(false);
    // Not counted: with the madrigal events gone since the statistics were taken (in one
    // transaction, so no analyze comes between), the planner still expects thousands.
    const stillOften = await g.db.transaction(async (tx) => {
      await tx.query(`delete from public.events where title like 'Madrigal festival %'`);
      return (await tx.query<{ often: boolean }>('select private.words_match_often($1, now()) as often', ['madrigal'])).rows[0]!.often;
    });
    expect(stillOften).toBe(true);
    // The estimate counts members-only events too: only words_match_often (its owner's) asks it.
    await expect(g.sqlAs('anon')('select private.words_planned_matches($1, now())', ['madrigal'])).rejects.toThrow(/permission denied/);
  });
});
