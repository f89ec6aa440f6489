import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { groupKeys } from "./group-keys";
import { GROUP_PAGE_COLUMNS } from "@shared/page-contract";

type GroupRow = Database["public"]["Tables"]["groups"]["Row"];

export type GroupRole = Database["public"]["Enums"]["group_role"];
export type GroupMemberStatus = Database["public"]["Enums"]["group_member_status"];
export type GroupVisibility = Database["public"]["Enums"]["group_visibility"];
export type GroupJoinPolicy = Database["public"]["Enums"]["group_join_policy"];

/** A group as its page shows it: every column but the search vector, and its member count. */
export type GroupDetail = Omit<GroupRow, "search"> & { group_stats: { member_count: number } | null };

/** Shared with the page-head function, which inlines the group for the first paint (decision 0168). */
export const GROUP_COLUMNS = GROUP_PAGE_COLUMNS;

/** The group with this slug, or null when there is none the viewer may see (withheld, hidden). */
export async function getGroup(slug: string): Promise<GroupDetail | null> {
  const { data, error } = await supabase.from("groups").select(GROUP_COLUMNS).eq("slug", slug).maybeSingle();
  if (error) throw error;
  return data as unknown as GroupDetail | null;
}

export function groupDetailOptions(slug: string, userId: string | undefined) {
  return queryOptions({ queryKey: groupKeys.detail(slug, userId), queryFn: () => getGroup(slug) });
}
