// Discover without filters: its first page of results inlined under the app's list key, the
// first card's cover preloaded with the card's srcset/sizes, and the page's top drawn as markup
// (heading, filters, views, cards), so the list paints from the HTML and renders without its own
// request (decisions 0168, 0169). Read as anon: only what discover_event_series gives anyone.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { CARD_COVER, DISCOVER_CARD_COLUMNS, DISCOVER_COUNT_CAP, DISCOVER_COUNT_RPC, DISCOVER_LIST_ORDER, DISCOVER_LIST_RPC, DISCOVER_PAGE_SIZE, PAGE_DATA_KEYS, renditionUrl, srcSet } from '../_shared/page-contract.ts';
import { discoverScreen, formatLocaleFor, type DiscoverCard } from './first-screen/discover.ts';
import { headMessages, isEventCategory } from './i18n/index.ts';
import type { PageMeta } from './render-head.ts';
import type { Site } from './pages.ts';

export async function withDiscoverResults(
  db: SupabaseClient, site: Site, meta: PageMeta, acceptLanguage: string | null = null, now = new Date(),
): Promise<PageMeta> {
  // The app's arguments for the default filters (search-events.ts searchArgs): upcoming, anywhere.
  // Counted as the app counts it (search-events.ts): up to the cap, and only a full first page.
  const args = { starts_after: now.toISOString(), online_only: false };
  // As the app asks it (search-events.ts): GET, ordered by the request, so a page reads the date index (decision 0390).
  let request = db.rpc(DISCOVER_LIST_RPC, args, { get: true }).select(DISCOVER_CARD_COLUMNS);
  for (const column of DISCOVER_LIST_ORDER) request = request.order(column);
  const { data, error } = await request.range(0, DISCOVER_PAGE_SIZE - 1);
  if (error || !data) return meta;
  const events = data as unknown as DiscoverCard[];
  let total = events.length;
  if (events.length === DISCOVER_PAGE_SIZE) {
    const counted = await db.rpc(DISCOVER_COUNT_RPC, args, { get: true }).single<{ total: number }>();
    if (counted.error) return meta;
    total = counted.data.total;
  }
  const capped = total > DISCOVER_COUNT_CAP;
  const page = { events, total, capped, nextOffset: events.length === DISCOVER_PAGE_SIZE && (capped || events.length < total) ? events.length : null };
  const cover = events[0]?.cover_path;
  const categories = headMessages(site.locale).categories;
  return {
    ...meta,
    data: { key: PAGE_DATA_KEYS.discover(), value: { pages: [page], pageParams: [0] } },
    preloadImage: cover
      ? {
          href: renditionUrl(site.api, 'event-covers', cover, { width: CARD_COVER.fallbackWidth }),
          srcset: srcSet(site.api, 'event-covers', cover, CARD_COVER.widths),
          sizes: CARD_COVER.sizes,
        }
      : undefined,
    body: discoverScreen(page, {
      api: site.api,
      locale: site.locale,
      // Dates and distances as the app formats them: in the reader's regional variant of the language.
      formatLocale: formatLocaleFor(site.locale, acceptLanguage),
      category: (c) => (isEventCategory(c) ? categories[c] : c),
    }) || undefined,
  };
}
