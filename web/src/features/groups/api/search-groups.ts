import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import type { GroupFilters } from "../group-filters";
import { groupKeys } from "./group-keys";

/** Groups per page of /groups. */
export const GROUPS_PAGE_SIZE = 24;

/** One row of search_groups: what a card shows, the next event, and where the viewer stands. */
export type GroupCardData = Database["public"]["Functions"]["search_groups"]["Returns"][number];

export type GroupPage = { groups: GroupCardData[]; total: number; nextOffset: number | null };

export function searchGroupsArgs(filters: GroupFilters) {
  return {
    query: filters.q.trim() || undefined,
    category: filters.category ?? undefined,
    near_lat: filters.near?.lat,
    near_lng: filters.near?.lng,
    radius_km: filters.near ? filters.radiusKm : undefined,
    only_mine: filters.mine || undefined,
  };
}

export async function searchGroups(filters: GroupFilters, offset: number): Promise<GroupPage> {
  const { data, error, count } = await supabase
    .rpc("search_groups", searchGroupsArgs(filters), { count: "exact" })
    .range(offset, offset + GROUPS_PAGE_SIZE - 1);
  if (error) throw error;
  const groups = (data ?? []) as GroupCardData[];
  const total = count ?? groups.length;
  const next = offset + groups.length;
  return { groups, total, nextOffset: groups.length === GROUPS_PAGE_SIZE && next < total ? next : null };
}

/** /groups: pages appended with "Load more". */
export function groupListOptions(filters: GroupFilters, userId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: groupKeys.list(filters, userId),
    queryFn: ({ pageParam }) => searchGroups(filters, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: GroupPage) => last.nextOffset,
  });
}

/** The groups the viewer is an active member of (for /me and filters), up to 100. */
export async function listMyGroups(): Promise<GroupCardData[]> {
  const { data, error } = await supabase.rpc("search_groups", { only_mine: true }).range(0, 99);
  if (error) throw error;
  return (data ?? []) as GroupCardData[];
}

export function myGroupsOptions(userId: string | undefined) {
  return queryOptions({ queryKey: groupKeys.mine(userId), queryFn: listMyGroups, enabled: Boolean(userId) });
}
