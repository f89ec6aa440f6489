import { t } from "@lingui/core/macro";
import { formatNumber } from "@/lib/i18n/format";
import type { EventStats } from "./api/get-event";
import type { MyRsvp } from "./api/rsvp-api";

type EventRules = { capacity: number | null; waitlist_enabled: boolean; requires_approval: boolean };

/**
 * What an RSVP will most likely do, shown at once (optimistic update) and replaced by the
 * database's answer; it mirrors public.rsvp(). The server stays the judge: a wrong guess is
 * rolled back with the database's error message.
 */
export function predictRsvp(
  event: EventRules,
  stats: EventStats | null,
  guests: number,
): { rsvp: MyRsvp; stats: EventStats | null } {
  const left = stats?.spots_left ?? null;
  const need = 1 + guests;
  if (event.requires_approval) return { rsvp: { status: "pending", guests, waitlist_place: null }, stats };
  if (event.capacity === null || left === null || left >= need) {
    return {
      rsvp: { status: "going", guests, waitlist_place: null },
      stats: stats && {
        ...stats,
        going_count: stats.going_count + 1,
        spots_left: left === null ? null : left - need,
      },
    };
  }
  // Full: the waitlist, or (without one) an optimistic nothing; the server says "event_full".
  const place = (stats?.waitlist_count ?? 0) + 1;
  return {
    rsvp: { status: "waitlisted", guests, waitlist_place: place },
    stats: stats && { ...stats, waitlist_count: stats.waitlist_count + 1 },
  };
}

/** Cancelling frees the spots of a `going` RSVP (promotion of the waitlist is the server's). */
export function predictCancel(current: MyRsvp | null, stats: EventStats | null): EventStats | null {
  if (!stats || !current) return stats;
  if (current.status === "going") {
    return {
      ...stats,
      going_count: Math.max(0, stats.going_count - 1),
      spots_left: stats.spots_left === null ? null : stats.spots_left + 1 + current.guests,
    };
  }
  if (current.status === "waitlisted") return { ...stats, waitlist_count: Math.max(0, stats.waitlist_count - 1) };
  return stats;
}

/** "You're on the waitlist, number N." (product.md §8). */
export function waitlistText(place: number | null): string {
  if (!place) return t`You're on the waitlist.`;
  const number = formatNumber(place);
  return t`You're on the waitlist, number ${number}.`;
}
