import { EVENT_PAGE_COLUMNS } from '../../supabase/functions/_shared/page-contract.ts';

/** A request as the web app sends it for a popular event's page, below `/rest/v1`. */
export interface ScaleRead {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
}

// Discover's card columns (web/src/features/discover/api/search-events.ts); select lists are
// sent without whitespace, as postgrest-js does.
const CARD_COLUMNS =
  'id,slug,title,category,starts_at,ends_at,timezone,venue_name,address,lat,lng,is_online,capacity,waitlist_enabled,cover_path,event_stats(spots_left,going_count,waitlist_count)';

/**
 * The two reads every visitor makes: Discover's first page as an anonymous visitor asks for it
 * (one query every visitor shares), and the event page by its slug (get-event.ts).
 */
export function scaleReads(slug: string, startsAfter: string): ScaleRead[] {
  return [
    {
      name: 'Discover search',
      method: 'POST',
      path: '/rpc/search_events',
      query: `select=${encodeURIComponent(CARD_COLUMNS)}&offset=0&limit=20`,
      headers: { 'content-type': 'application/json', prefer: 'count=exact' },
      body: JSON.stringify({ starts_after: startsAfter, online_only: false }),
    },
    {
      name: 'event page',
      method: 'GET',
      path: '/events',
      query: `select=${encodeURIComponent(EVENT_PAGE_COLUMNS.replace(/\s+/g, ''))}&slug=eq.${encodeURIComponent(slug)}`,
      headers: {},
    },
  ];
}
