import { queryRoots } from "@/lib/query-keys";

/**
 * Under the shared `events` root, so an RSVP or an event edit anywhere (which invalidates
 * that root) also refreshes /me. Per user: row-level security decides what comes back.
 */
export const myEventsKeys = {
  all: [...queryRoots.events, "mine"] as const,
  lists: (userId: string) => [...myEventsKeys.all, userId] as const,
  waitlistPlace: (eventId: string, userId: string) => [...myEventsKeys.all, userId, "waitlist-place", eventId] as const,
};
