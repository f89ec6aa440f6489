import { queryRoots } from "@/lib/query-keys";

/** Keys for one event's page, under the shared `events` root (see lib/query-keys.ts). */
export const eventKeys = {
  all: [...queryRoots.events, "detail"] as const,
  detail: (slug: string) => [...eventKeys.all, slug] as const,
  myRsvp: (eventId: string, userId: string | undefined) => [...eventKeys.all, "my-rsvp", eventId, userId ?? "anon"] as const,
};
