import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import { monthBounds, toMonthKey, type CalendarMonth } from "../calendar/month-grid";
import type { DiscoverFilters } from "../discover-filters";
import { monthWindow } from "../filter-range";
import { discoverKeys } from "./discover-keys";
import { searchArgs } from "./search-events";

/**
 * The most events one calendar month loads. A month grid is not paged like the list (page
 * size 20); a month busier than this says so and suggests narrowing the filters.
 */
export const MONTH_LIMIT = 200;

export type CalendarEvent = { id: string; slug: string; title: string; starts_at: string; timezone: string };

export type MonthEvents = { events: CalendarEvent[]; total: number };

export async function searchMonth(filters: DiscoverFilters, month: CalendarMonth, now = new Date()): Promise<MonthEvents> {
  const { start, end } = monthBounds(month);
  const window = monthWindow(filters, start, end, now);
  if (!window) return { events: [], total: 0 };
  const { data, error, count } = await supabase
    .rpc("search_events", searchArgs(filters, window), { count: "exact" })
    .select("id, slug, title, starts_at, timezone")
    .order("starts_at")
    .limit(MONTH_LIMIT);
  if (error) throw error;
  const events = (data ?? []) as CalendarEvent[];
  return { events, total: count ?? events.length };
}

export function discoverMonthOptions(filters: DiscoverFilters, month: CalendarMonth) {
  return queryOptions({
    queryKey: discoverKeys.month(filters, toMonthKey(month)),
    queryFn: () => searchMonth(filters, month),
  });
}
