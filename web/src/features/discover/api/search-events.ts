import { infiniteQueryOptions } from "@tanstack/react-query";
import { whenRange } from "@/lib/datetime";
import { supabase } from "@/lib/supabase";
import type { DiscoverFilters, EventCategory } from "../discover-filters";
import { discoverKeys } from "./discover-keys";

/** product.md §9: page size 20. */
export const PAGE_SIZE = 20;

// Only what a card shows; the event page loads the rest.
const CARD_COLUMNS =
  "id, slug, title, category, starts_at, ends_at, timezone, venue_name, address, is_online, capacity, waitlist_enabled, cover_path, event_stats(spots_left, going_count, waitlist_count)";

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
  is_online: boolean;
  capacity: number | null;
  waitlist_enabled: boolean;
  cover_path: string | null;
  event_stats: { spots_left: number | null; going_count: number; waitlist_count: number } | null;
};

export type EventPage = { events: EventCardData[]; total: number; nextOffset: number | null };

export async function searchEvents(filters: DiscoverFilters, offset: number, now = new Date()): Promise<EventPage> {
  const range = whenRange(filters.when, now);
  const { data, error, count } = await supabase
    .rpc(
      "search_events",
      {
        query: filters.q.trim() || undefined,
        category: filters.category ?? undefined,
        starts_after: range.startsAfter.toISOString(),
        starts_before: range.startsBefore?.toISOString(),
        online_only: filters.online,
      },
      { count: "exact" },
    )
    .select(CARD_COLUMNS)
    .range(offset, offset + PAGE_SIZE - 1);
  if (error) throw error;
  const events = (data ?? []) as unknown as EventCardData[];
  const total = count ?? events.length;
  const next = offset + events.length;
  return { events, total, nextOffset: events.length === PAGE_SIZE && next < total ? next : null };
}

export function discoverListOptions(filters: DiscoverFilters) {
  return infiniteQueryOptions({
    queryKey: discoverKeys.list(filters),
    queryFn: ({ pageParam }) => searchEvents(filters, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: EventPage) => last.nextOffset,
  });
}
