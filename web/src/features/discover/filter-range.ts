import { addLocalDays, parseDayKey, whenRange } from "@/lib/datetime";
import type { DiscoverFilters } from "./discover-filters";

/** The window search_events is asked for: events not ended by `startsAfter`, starting before `startsBefore`. */
export type TimeWindow = { startsAfter: Date; startsBefore?: Date };

/**
 * The window the "When" filter means, in the viewer's local dates. A date range runs from the
 * start of `from` to the end of `to` (both included); Discover lists what is still to come, so
 * it never starts before now.
 */
export function filterWindow(filters: Pick<DiscoverFilters, "when" | "from" | "to">, now: Date = new Date()): TimeWindow {
  if (filters.when !== "dates") return whenRange(filters.when, now);
  const from = filters.from ? parseDayKey(filters.from) : null;
  const to = filters.to ? parseDayKey(filters.to) : null;
  return {
    startsAfter: from && from > now ? from : now,
    ...(to ? { startsBefore: addLocalDays(to, 1) } : {}),
  };
}

/**
 * The calendar's window for a month: the whole month (past days too: it is a calendar), cut
 * down to the "When" filter when one is chosen. Null when the two do not overlap.
 */
export function monthWindow(
  filters: Pick<DiscoverFilters, "when" | "from" | "to">,
  monthStart: Date,
  nextMonthStart: Date,
  now: Date = new Date(),
): Required<TimeWindow> | null {
  if (filters.when === "any") return { startsAfter: monthStart, startsBefore: nextMonthStart };
  const window = filterWindow(filters, now);
  const startsAfter = window.startsAfter > monthStart ? window.startsAfter : monthStart;
  const startsBefore =
    window.startsBefore && window.startsBefore < nextMonthStart ? window.startsBefore : nextMonthStart;
  return startsAfter < startsBefore ? { startsAfter, startsBefore } : null;
}
