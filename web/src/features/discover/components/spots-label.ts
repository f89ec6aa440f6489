import type { EventCardData } from "../api/search-events";

/** "12 spots left", "Full · waitlist open", "Full", or how many are going when unlimited. */
export function spotsLabel(event: Pick<EventCardData, "capacity" | "waitlist_enabled" | "event_stats">): string {
  const stats = event.event_stats;
  const left = stats?.spots_left ?? null;
  if (event.capacity === null || left === null) {
    const going = stats?.going_count ?? 0;
    return going > 0 ? `${going} going` : "Open to all";
  }
  if (left > 0) return left === 1 ? "1 spot left" : `${left} spots left`;
  return event.waitlist_enabled ? "Full · waitlist open" : "Full";
}
