import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { myEventsKeys } from "./my-events-keys";

type Enums = Database["public"]["Enums"];

/** One of my groups as /me lists it: the group, my role, and whether I'm still waiting to get in. */
export type MyGroup = {
  role: Enums["group_role"];
  status: Extract<Enums["group_member_status"], "active" | "pending">;
  group: { id: string; slug: string; name: string; city: string; logo_path: string | null; member_count: number | null };
};

type Row = {
  role: MyGroup["role"];
  status: MyGroup["status"];
  group: Omit<MyGroup["group"], "member_count"> & { group_stats: { member_count: number } | null };
};

// Organizers' groups first: those are the ones with work waiting.
const ROLE_ORDER: MyGroup["role"][] = ["organizer", "co_organizer", "event_organizer", "member"];

/**
 * The groups I'm in or have asked to join (not bans: those are not mine to list). Row-level
 * security shows me my own memberships; a withheld group's row is not visible, so it drops out.
 */
export async function getMyGroups(userId: string): Promise<MyGroup[]> {
  const { data, error } = await supabase
    .from("group_members")
    .select("role, status, group:groups!inner(id, slug, name, city, logo_path, group_stats(member_count))")
    .eq("user_id", userId)
    .in("status", ["active", "pending"]);
  if (error) throw error;
  return (data as unknown as Row[])
    .map(({ role, status, group: { group_stats, ...group } }) => ({
      role,
      status,
      group: { ...group, member_count: group_stats?.member_count ?? null },
    }))
    .sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) || a.group.name.localeCompare(b.group.name));
}

export function myGroupsOptions(userId: string) {
  return queryOptions({ queryKey: myEventsKeys.groups(userId), queryFn: () => getMyGroups(userId) });
}
