import { queryRoots } from "@/lib/query-keys";

/** Keys for one event's page, under the shared `events` root (see lib/query-keys.ts). */
export const eventKeys = {
  all: [...queryRoots.events, "detail"] as const,
  detail: (slug: string) => [...eventKeys.all, slug] as const,
  myRsvp: (eventId: string, userId: string | undefined) => [...eventKeys.all, "my-rsvp", eventId, userId ?? "anon"] as const,
  // What these return depends on who asks (row-level security), hence the viewer in the key.
  comments: (eventId: string, userId: string | undefined) => [...queryRoots.events, "comments", eventId, userId ?? "anon"] as const,
  seriesDates: (seriesId: string, userId: string | undefined) => [...queryRoots.events, "series", seriesId, userId ?? "anon"] as const,
  questions: (eventId: string) => [...queryRoots.events, "questions", eventId] as const,
  myAnswers: (eventId: string, userId: string | undefined) => [...queryRoots.events, "my-answers", eventId, userId ?? "anon"] as const,
  attendees: (eventId: string, userId: string | undefined) => [...queryRoots.events, "attendees", eventId, userId ?? "anon"] as const,
};
