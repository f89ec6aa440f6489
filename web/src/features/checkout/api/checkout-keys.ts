import { queryRoots } from "@/lib/query-keys";

/** Keys of the event page's ticket box, under the shared `events` root (lib/query-keys.ts). */
export const checkoutKeys = {
  all: [...queryRoots.events, "checkout"] as const,
  questions: (eventId: string) => [...checkoutKeys.all, "questions", eventId] as const,
  waitlist: (eventId: string, userId: string | undefined) => [...checkoutKeys.all, "waitlist", eventId, userId ?? "anon"] as const,
  unlocked: (eventId: string, code: string) => [...checkoutKeys.all, "unlocked", eventId, code.trim().toLowerCase()] as const,
};
