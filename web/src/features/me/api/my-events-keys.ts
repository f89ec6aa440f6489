import { queryRoots } from "@/lib/query-keys";

/**
 * Under the shared `events` root, so an RSVP or an event edit anywhere (which invalidates
 * that root) also refreshes /me. Per user: row-level security decides what comes back.
 */
export const myEventsKeys = {
  all: [...queryRoots.events, "mine"] as const,
  lists: (userId: string) => [...myEventsKeys.all, userId] as const,
  /** My groups (memberships and requests); under `events` too, since joining from an event page refreshes it. */
  groups: (userId: string) => [...myEventsKeys.all, userId, "groups"] as const,
  waitlistPlace: (eventId: string, userId: string) => [...myEventsKeys.all, userId, "waitlist-place", eventId] as const,
};
