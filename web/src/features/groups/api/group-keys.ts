import { queryRoots } from "@/lib/query-keys";
import type { GroupFilters } from "../group-filters";

/**
 * Keys for groups, under the shared `groups` root (lib/query-keys.ts), so any feature can mark
 * every group query stale with `invalidateQueries({ queryKey: queryRoots.groups })`. What a
 * query returns depends on who asks (row-level security), hence the viewer in most keys.
 */
export const groupKeys = {
  all: queryRoots.groups,
  list: (filters: GroupFilters, userId: string | undefined) => [...queryRoots.groups, "list", filters, userId ?? "anon"] as const,
  detail: (slug: string, userId: string | undefined) => [...queryRoots.groups, "detail", slug, userId ?? "anon"] as const,
  /** Everything about one group by id (members, events, announcements, stats): one prefix to refetch. */
  byId: (groupId: string) => [...queryRoots.groups, "id", groupId] as const,
  stats: (groupId: string) => [...groupKeys.byId(groupId), "stats"] as const,
  managerStats: (groupId: string, userId: string | undefined) => [...groupKeys.byId(groupId), "manager-stats", userId ?? "anon"] as const,
  membership: (groupId: string, userId: string | undefined) => [...groupKeys.byId(groupId), "membership", userId ?? "anon"] as const,
  organizers: (groupId: string, userId: string | undefined) => [...groupKeys.byId(groupId), "organizers", userId ?? "anon"] as const,
  members: (groupId: string, userId: string | undefined) => [...groupKeys.byId(groupId), "members", userId ?? "anon"] as const,
  events: (groupId: string, when: "upcoming" | "past", userId: string | undefined) =>
    [...groupKeys.byId(groupId), "events", when, userId ?? "anon"] as const,
  announcements: (groupId: string, userId: string | undefined) => [...groupKeys.byId(groupId), "announcements", userId ?? "anon"] as const,
  mine: (userId: string | undefined) => [...queryRoots.groups, "mine", userId ?? "anon"] as const,
  unsubscribeLink: (token: string) => [...queryRoots.groups, "unsubscribe-link", token] as const,
};
