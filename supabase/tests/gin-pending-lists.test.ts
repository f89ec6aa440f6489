// Searches read every GIN index's pending list in full (decision 0462): the app's GIN indexes
// keep it to 64 kB (8 pages), so a search costs the same after a thousand new events as before
// them. PostgreSQL's default (4 MB, 512 pages) held 188 and 340 pages in the data bench at 100,000
// events, 4 of a rare word's 9 ms.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGather, type GatherServer } from './support/gather-server.ts';

let g: GatherServer;

beforeAll(async () => {
  g = await startGather();
  const host = await g.member('gin_host');
  // 2,000 events with words in their titles and tags, in one statement, as an import writes them.
  await g.db.query(
    `insert into public.events (host_id, title, description, category, starts_at, ends_at, timezone, venue_name, lat, lng, tags)
     select $1, 'Imported ' || (array['jazz', 'chess', 'pottery', 'salsa'])[i % 4 + 1] || ' evening number ' || i, 'From the old site.',
            'music', now() + i * interval '1 hour', now() + i * interval '1 hour' + interval '2 hours', 'Europe/Lisbon', 'Hall', 38.7, -9.1,
            array['tag' || i % 50, 'imported']
     from generate_series(1, 2000) i`,
    [host.id],
  );
});
afterAll(() => g?.stop());

const GIN_INDEXES = `select c.oid::regclass::text as index, c.reloptions from pg_index i
  join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
  where a.amname = 'gin' and n.nspname = 'public' order by 1`;

it('every GIN index of the app keeps a 64 kB pending list', async () => {
  const { rows } = await g.db.query<{ index: string; reloptions: string[] | null }>(GIN_INDEXES);
  expect(rows.map((r) => r.index)).toEqual(['events_search_idx', 'events_tags_idx', 'events_title_trgm_idx', 'groups_search_idx', 'groups_tags_idx']);
  for (const r of rows) expect(r.reloptions ?? [], r.index).toContain('gin_pending_list_limit=64');
});

it('and after 2,000 new events each pending list is a few pages (PostgreSQL: pageinspect reads them)', async (t) => {
  if (!process.env.DATABASE_URL) {
    console.log('gin-pending-lists: the pages are read on PostgreSQL only (PGlite has no pageinspect in the test database)');
    t.skip();
  }
  await g.db.query('create extension if not exists pageinspect');
  const { rows } = await g.db.query<{ index: string; pending: number }>(
    `select index, (gin_metapage_info(get_raw_page(index, 0))).n_pending_pages::int as pending from (${GIN_INDEXES}) gin`);
  for (const r of rows) expect(r.pending, r.index).toBeLessThanOrEqual(8);
});
