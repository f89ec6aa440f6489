import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import type { GroupMemberStatus, GroupRole } from "./get-group";
import { groupKeys } from "./group-keys";

export type MemberProfile = { id: string; username: string; display_name: string; avatar_path: string | null };

/** One membership row with the person (null for a deleted account). */
export type GroupMember = {
  user_id: string;
  role: GroupRole;
  status: GroupMemberStatus;
  created_at: string;
  joined_at: string | null;
  banned_at: string | null;
  profile: MemberProfile | null;
};

/** The viewer's own membership: where they stand, their role and their alerts choice. */
export type MyMembership = Pick<Database["public"]["Tables"]["group_members"]["Row"], "status" | "role" | "alerts" | "created_at" | "joined_at">;

const MEMBER_COLUMNS =
  "user_id, role, status, created_at, joined_at, banned_at, profile:profiles!group_members_user_id_fkey(id, username, display_name, avatar_path)";

/** How many faces the group page shows before "+N". */
export const MEMBERS_SHOWN = 12;

const ORGANIZER_ROLES: GroupRole[] = ["organizer", "co_organizer"];

/** Organizers first, then co-organizers, in the order they joined. Public for every group. */
export async function listOrganizers(groupId: string): Promise<GroupMember[]> {
  const { data, error } = await supabase
    .from("group_members")
    .select(MEMBER_COLUMNS)
    .eq("group_id", groupId)
    .eq("status", "active")
    .in("role", ORGANIZER_ROLES)
    .order("joined_at", { ascending: true });
  if (error) throw error;
  const rows = data as unknown as GroupMember[];
  return [...rows].sort((a, b) => ORGANIZER_ROLES.indexOf(a.role) - ORGANIZER_ROLES.indexOf(b.role));
}

/**
 * Active members, newest first. Row-level security decides who is listed: everyone for a public
 * group; for a private one only its organizers unless the viewer is a member.
 */
export async function listMembers(groupId: string, limit = MEMBERS_SHOWN, offset = 0): Promise<GroupMember[]> {
  const { data, error } = await supabase
    .from("group_members")
    .select(MEMBER_COLUMNS)
    .eq("group_id", groupId)
    .eq("status", "active")
    .order("joined_at", { ascending: false })
    .range(offset, offset + limit - 1);
  if (error) throw error;
  return data as unknown as GroupMember[];
}

export async function getMyMembership(groupId: string, userId: string): Promise<MyMembership | null> {
  const { data, error } = await supabase
    .from("group_members")
    .select("status, role, alerts, created_at, joined_at")
    .eq("group_id", groupId)
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function organizersOptions(groupId: string, userId: string | undefined) {
  return queryOptions({ queryKey: groupKeys.organizers(groupId, userId), queryFn: () => listOrganizers(groupId) });
}

export function membersOptions(groupId: string, userId: string | undefined) {
  return queryOptions({ queryKey: groupKeys.members(groupId, userId), queryFn: () => listMembers(groupId) });
}

export function myMembershipOptions(groupId: string, userId: string | undefined) {
  return queryOptions({
    queryKey: groupKeys.membership(groupId, userId),
    queryFn: () => (userId ? getMyMembership(groupId, userId) : Promise.resolve(null)),
  });
}

/** Requests and bans counted, for organizers (null for anyone else: row-level security). */
export async function getManagerStats(groupId: string): Promise<{ pending_count: number; banned_count: number } | null> {
  const { data, error } = await supabase
    .from("group_manager_stats")
    .select("pending_count, banned_count")
    .eq("group_id", groupId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function managerStatsOptions(groupId: string, userId: string | undefined) {
  return queryOptions({
    queryKey: groupKeys.managerStats(groupId, userId),
    queryFn: () => getManagerStats(groupId),
    enabled: Boolean(userId),
  });
}
