import { queryRoots } from "@/lib/query-keys";

/** Keys for the editor's reads, under the shared `events` root (saving invalidates the root). */
export const editorKeys = {
  all: [...queryRoots.events, "editor"] as const,
  event: (slug: string, userId: string | undefined) => [...editorKeys.all, slug, userId ?? "anon"] as const,
  questions: (eventId: string) => [...editorKeys.all, "questions", eventId] as const,
};
