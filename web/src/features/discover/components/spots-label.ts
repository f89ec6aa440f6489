import { plural, t } from "@lingui/core/macro";
import type { EventCardData } from "../api/search-events";

/** "12 spots left", "Full · waitlist open", "Full", or how many are going when unlimited. */
export function spotsLabel(event: Pick<EventCardData, "capacity" | "waitlist_enabled" | "event_stats">): string {
  const stats = event.event_stats;
  const left = stats?.spots_left ?? null;
  if (event.capacity === null || left === null) {
    const going = stats?.going_count ?? 0;
    return going > 0 ? plural(going, { one: "# going", other: "# going" }) : t`Open to all`;
  }
  if (left > 0) return plural(left, { one: "# spot left", other: "# spots left" });
  return event.waitlist_enabled ? t`Full · waitlist open` : t`Full`;
}
