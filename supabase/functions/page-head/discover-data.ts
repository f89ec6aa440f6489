// Discover without filters: its first page of results inlined under the app's list key, and the
// first card's cover preloaded with the card's srcset/sizes, so the list renders without its own
// request and its largest picture is already on the way (decision 0168). Read as anon.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { CARD_COVER, DISCOVER_CARD_COLUMNS, DISCOVER_PAGE_SIZE, PAGE_DATA_KEYS, renditionUrl, srcSet } from '../_shared/page-contract.ts';
import type { PageMeta } from './render-head.ts';

export async function withDiscoverResults(db: SupabaseClient, api: string, meta: PageMeta, now = new Date()): Promise<PageMeta> {
  // The app's arguments for the default filters (search-events.ts searchArgs): upcoming, anywhere.
  const { data, error, count } = await db
    .rpc('search_events', { starts_after: now.toISOString(), online_only: false }, { count: 'exact' })
    .select(DISCOVER_CARD_COLUMNS)
    .range(0, DISCOVER_PAGE_SIZE - 1);
  if (error || !data) return meta;
  const events = data as unknown as { cover_path: string | null }[];
  const total = count ?? events.length;
  const page = { events, total, nextOffset: events.length === DISCOVER_PAGE_SIZE && events.length < total ? events.length : null };
  const cover = events[0]?.cover_path;
  return {
    ...meta,
    data: { key: PAGE_DATA_KEYS.discover(), value: { pages: [page], pageParams: [0] } },
    preloadImage: cover
      ? {
          href: renditionUrl(api, 'event-covers', cover, { width: CARD_COVER.fallbackWidth }),
          srcset: srcSet(api, 'event-covers', cover, CARD_COVER.widths),
          sizes: CARD_COVER.sizes,
        }
      : undefined,
  };
}
