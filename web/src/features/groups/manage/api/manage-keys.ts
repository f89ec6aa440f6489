import { queryRoots } from "@/lib/query-keys";

/**
 * Keys for the manage area, under the shared `groups` root: a change made here also marks the
 * group page's queries stale. Per viewer, since row-level security decides what comes back.
 */
export const manageKeys = {
  all: [...queryRoots.groups, "manage"] as const,
  group: (slug: string, userId: string) => [...manageKeys.all, "group", slug, userId] as const,
  people: (groupId: string, status: PeopleStatus) => [...manageKeys.all, "people", groupId, status] as const,
};

export type PeopleStatus = "active" | "pending" | "banned";
