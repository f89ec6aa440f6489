import { supabase } from "@/lib/supabase";
import type { GroupMemberStatus, GroupRole } from "./get-group";

// Every change of standing goes through one procedure, each under the group's row lock, and
// fails with the groups' error catalogue (decision 0106): `{ code, message }` from supabase-js.

/** Joins an open group (→ "active") or asks to join an approval group (→ "pending"). */
export async function joinGroup(groupId: string): Promise<Extract<GroupMemberStatus, "active" | "pending">> {
  const { data, error } = await supabase.rpc("join_group", { group_id: groupId });
  if (error) throw error;
  return data as "active" | "pending";
}

/** Leaves the group, or withdraws a pending request. */
export async function leaveGroup(groupId: string): Promise<void> {
  const { error } = await supabase.rpc("leave_group", { group_id: groupId });
  if (error) throw error;
}

/** Accepts (→ "active") or declines (→ "declined") a pending request. Organizers and co-organizers. */
export async function decideGroupMember(groupId: string, userId: string, approve: boolean): Promise<"active" | "declined"> {
  const { data, error } = await supabase.rpc("decide_group_member", { group_id: groupId, user_id: userId, approve });
  if (error) throw error;
  return data as "active" | "declined";
}

export async function setGroupMemberRole(groupId: string, userId: string, role: GroupRole): Promise<void> {
  const { error } = await supabase.rpc("set_group_member_role", { group_id: groupId, user_id: userId, role });
  if (error) throw error;
}

/** Hands the organizer role to another member; the caller becomes a co-organizer. */
export async function transferGroup(groupId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc("transfer_group", { group_id: groupId, user_id: userId });
  if (error) throw error;
}

export async function removeGroupMember(groupId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc("remove_group_member", { group_id: groupId, user_id: userId });
  if (error) throw error;
}

/** Bans someone (banned = true, with an optional reason) or lifts a ban (banned = false). */
export async function banGroupMember(groupId: string, userId: string, banned: boolean, reason?: string): Promise<void> {
  const { error } = await supabase.rpc("ban_group_member", { group_id: groupId, user_id: userId, banned, reason: reason ?? undefined });
  if (error) throw error;
}

/** Turns one's own new-event alerts for this group on or off (a plain update, decision 0103). */
export async function setMyGroupAlerts(groupId: string, userId: string, alerts: "all" | "none"): Promise<void> {
  const { error } = await supabase.from("group_members").update({ alerts }).eq("group_id", groupId).eq("user_id", userId);
  if (error) throw error;
}
