import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import type { GroupRole } from "./managed-group";
import { manageKeys, type PeopleStatus } from "./manage-keys";

export type GroupPerson = {
  user_id: string;
  role: GroupRole;
  created_at: string;
  joined_at: string | null;
  banned_at: string | null;
  profile: { username: string; display_name: string; avatar_path: string | null } | null;
};

// The manage area lists everyone; a group beyond this is paged by a later change.
export const PEOPLE_LIMIT = 500;

const COLUMNS = "user_id, role, created_at, joined_at, banned_at, profile:profiles!group_members_user_id_fkey(username, display_name, avatar_path)";

const ROLE_ORDER: GroupRole[] = ["organizer", "co_organizer", "event_organizer", "member"];

/**
 * Members (by role, then who joined first), pending requests (oldest first, so nobody waits
 * forever) or bans (newest first). Requests and bans are readable by managers only (RLS).
 */
export async function listPeople(groupId: string, status: PeopleStatus): Promise<GroupPerson[]> {
  const order = status === "active" ? "joined_at" : status === "pending" ? "created_at" : "banned_at";
  const { data, error } = await supabase
    .from("group_members")
    .select(COLUMNS)
    .eq("group_id", groupId)
    .eq("status", status)
    .order(order, { ascending: status !== "banned" })
    .limit(PEOPLE_LIMIT);
  if (error) throw error;
  const rows = data as unknown as GroupPerson[];
  return status === "active" ? [...rows].sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role)) : rows;
}

export function peopleOptions(groupId: string, status: PeopleStatus) {
  return queryOptions({ queryKey: manageKeys.people(groupId, status), queryFn: () => listPeople(groupId, status) });
}
