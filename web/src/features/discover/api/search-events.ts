import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  DISCOVER_CARD_COLUMNS,
  DISCOVER_COUNT_CAP,
  DISCOVER_COUNT_RPC,
  DISCOVER_LIST_ORDER,
  DISCOVER_LIST_RPC,
  DISCOVER_SEARCH_RPC,
} from "@shared/page-contract";
import { supabase } from "@/lib/supabase";
import type { DiscoverFilters, EventCategory } from "../discover-filters";
import { filterWindow, type TimeWindow } from "../filter-range";
import { discoverKeys } from "./discover-keys";

/** product.md §9: page size 20. */
export const PAGE_SIZE = 20;

// Only what a card (and its pin) shows; the event page loads the rest.
// Shared with the page head, which inlines Discover's first page (decision 0168).
const CARD_COLUMNS = DISCOVER_CARD_COLUMNS;

export type EventCardData = {
  id: string;
  slug: string;
  title: string;
  category: EventCategory;
  starts_at: string;
  ends_at: string;
  timezone: string;
  venue_name: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  is_online: boolean;
  capacity: number | null;
  waitlist_enabled: boolean;
  cover_path: string | null;
  /** How many dates of its series follow this one (null outside a series). */
  more_dates: number | null;
  /** The event's currency (ISO 4217), for its price. */
  currency: string;
  /** The lowest price one can pay now, in minor units: 0 for a free event, null when nothing is on sale. */
  price_from: number | null;
  /** A paid event with no ticket left on sale (or no seat left). */
  tickets_sold_out: boolean;
  event_stats: { spots_left: number | null; going_count: number; waitlist_count: number } | null;
};

/** `capped`: more than COUNT_CAP events match; `total` is then COUNT_CAP + 1. */
export type EventPage = { events: EventCardData[]; total: number; capped?: boolean; nextOffset: number | null };

/** Discover counts its matches up to this many and says "1,000+" past it (decision 0351). */
export const COUNT_CAP = DISCOVER_COUNT_CAP;

/** search_events' arguments for the filters over a time window. */
export function searchArgs(filters: DiscoverFilters, window: TimeWindow) {
  return {
    query: filters.q.trim() || undefined,
    category: filters.category ?? undefined,
    starts_after: window.startsAfter.toISOString(),
    starts_before: window.startsBefore?.toISOString(),
    online_only: filters.online,
    near_lat: filters.near?.lat,
    near_lng: filters.near?.lng,
    radius_km: filters.near ? filters.radiusKm : undefined,
    // Left out unless asked, so the anonymous query stays the one every visitor shares.
    in_my_groups: filters.myGroups || undefined,
  };
}

/**
 * The events the filters find in a window, by date, up to `limit`: discover_events (search_events'
 * rows, unordered) with GET and the request's order, so the date index is read from the window's
 * start and the read stops at the limit (decisions 0390, 0430). The calendar and the map.
 */
export function byDate(filters: DiscoverFilters, window: TimeWindow, columns: string, limit: number) {
  let request = supabase.rpc("discover_events", searchArgs(filters, window), { get: true }).select(columns);
  for (const column of DISCOVER_LIST_ORDER) request = request.order(column);
  return request.limit(limit);
}

/**
 * A page of results. The first page is counted (up to COUNT_CAP + 1, so the count does not grow
 * with the number of events), and only when it is full: a shorter one is its own count. Later
 * pages are not counted (the list shows the first page's count).
 */
export async function searchEvents(filters: DiscoverFilters, offset: number, now = new Date()): Promise<EventPage> {
  const args = searchArgs(filters, filterWindow(filters, now));
  // GET, so the window's start is a value when the plan is made (decision 0390): without words
  // the request's order walks the date index and stops after a page; words keep relevance order.
  let request = supabase.rpc(args.query ? DISCOVER_SEARCH_RPC : DISCOVER_LIST_RPC, args, { get: true }).select(CARD_COLUMNS);
  if (!args.query) for (const column of DISCOVER_LIST_ORDER) request = request.order(column);
  const { data, error } = await request.range(offset, offset + PAGE_SIZE - 1);
  if (error) throw error;
  const events = (data ?? []) as unknown as EventCardData[];
  const next = offset + events.length;
  const full = events.length === PAGE_SIZE;
  if (offset > 0 || !full) return { events, total: next, nextOffset: full ? next : null };
  const counted = await supabase.rpc(DISCOVER_COUNT_RPC, args, { get: true }).single<{ total: number }>();
  if (counted.error) throw counted.error;
  const total = counted.data.total;
  const capped = total > COUNT_CAP;
  return { events, total, capped, nextOffset: capped || next < total ? next : null };
}

/** The list view: pages of 20 appended with "Load more". */
export function discoverListOptions(filters: DiscoverFilters) {
  return infiniteQueryOptions({
    queryKey: discoverKeys.list(filters),
    queryFn: ({ pageParam }) => searchEvents(filters, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: EventPage) => last.nextOffset,
  });
}

/** The map view: one page of 20 at a time (page 0, 1, …), the previous one shown while the next loads. */
export function discoverPageOptions(filters: DiscoverFilters, page: number) {
  return queryOptions({
    queryKey: discoverKeys.page(filters, page),
    queryFn: () => searchEvents(filters, page * PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}
