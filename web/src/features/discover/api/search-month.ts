import { queryOptions } from "@tanstack/react-query";
import { addLocalDays, isoToZonedWallTime } from "@/lib/datetime";
import { monthBounds, toMonthKey, type CalendarMonth } from "../calendar/month-grid";
import type { DiscoverFilters } from "../discover-filters";
import { filterWindow, monthWindow } from "../filter-range";
import { discoverKeys } from "./discover-keys";
import { byDate } from "./search-events";

/**
 * The most events one calendar month loads. A month grid is not paged like the list (page
 * size 20); a month busier than this says so and suggests narrowing the filters.
 */
export const MONTH_LIMIT = 200;

export type CalendarEvent = { id: string; slug: string; title: string; starts_at: string; timezone: string };

/** `capped`: more than MONTH_LIMIT events (the first MONTH_LIMIT are `events`), how many more unknown. */
export type MonthEvents = { events: CalendarEvent[]; total: number; capped: boolean };

/**
 * Events are placed on their own zone's dates (decision 0301), which can be up to 26 hours from
 * the viewer's: the month is asked for with two days more on each side, and only the events
 * whose own date is in the month are counted (the grid's padding days show the others).
 */
const EDGE_DAYS = 2;

export async function searchMonth(filters: DiscoverFilters, month: CalendarMonth, now = new Date()): Promise<MonthEvents> {
  const { start, end } = monthBounds(month);
  const window = monthWindow(filters, addLocalDays(start, -EDGE_DAYS), addLocalDays(end, EDGE_DAYS), now);
  if (!window) return { events: [], total: 0, capped: false };
  // One row past the limit says the month is busier than it, where a count grew with the
  // table (decision 0430).
  const { data, error } = await byDate(filters, window, "id, slug, title, starts_at, timezone", MONTH_LIMIT + 1);
  if (error) throw error;
  const rows = (data ?? []) as unknown as CalendarEvent[];
  if (rows.length > MONTH_LIMIT) return { events: rows.slice(0, MONTH_LIMIT), total: MONTH_LIMIT + 1, capped: true };
  const key = toMonthKey(month);
  const inMonth = rows.filter((e) => isoToZonedWallTime(e.starts_at, e.timezone).date.startsWith(key)).length;
  return { events: rows, total: inMonth, capped: false };
}

/** The first event the filters find from now on (the list's first card), or null. */
export async function firstResult(filters: DiscoverFilters, now = new Date()): Promise<Pick<CalendarEvent, "starts_at" | "timezone"> | null> {
  const { data, error } = await byDate(filters, filterWindow(filters, now), "starts_at, timezone", 1);
  if (error) throw error;
  return ((data ?? []) as unknown as Pick<CalendarEvent, "starts_at" | "timezone">[])[0] ?? null;
}

export function firstResultOptions(filters: DiscoverFilters) {
  return queryOptions({
    queryKey: [...discoverKeys.month(filters, "first")],
    queryFn: () => firstResult(filters),
  });
}

export function discoverMonthOptions(filters: DiscoverFilters, month: CalendarMonth) {
  return queryOptions({
    queryKey: discoverKeys.month(filters, toMonthKey(month)),
    queryFn: () => searchMonth(filters, month),
  });
}
