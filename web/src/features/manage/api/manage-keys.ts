import { queryRoots } from "@/lib/query-keys";

/**
 * Keys for the host's screens, under the shared `events` root (lib/query-keys.ts): when any
 * feature marks events stale, the dashboard and check-in refresh too.
 */
export const manageKeys = {
  all: [...queryRoots.events, "manage"] as const,
  event: (slug: string) => [...manageKeys.all, "event", slug] as const,
  guests: (eventId: string) => [...manageKeys.all, "guests", eventId] as const,
  answers: (eventId: string) => [...manageKeys.all, "answers", eventId] as const,
  messages: (eventId: string) => [...manageKeys.all, "messages", eventId] as const,
  team: (eventId: string) => [...manageKeys.all, "team", eventId] as const,
  walkIns: (eventId: string) => [...manageKeys.all, "walk-ins", eventId] as const,
};
