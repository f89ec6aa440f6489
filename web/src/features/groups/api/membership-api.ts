import { supabase } from "@/lib/supabase";
import type { GroupMemberStatus } from "./get-group";

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

/** Turns one's own new-event alerts for this group on or off (a plain update, decision 0103). */
export async function setMyGroupAlerts(groupId: string, userId: string, alerts: "all" | "none"): Promise<void> {
  const { error } = await supabase.from("group_members").update({ alerts }).eq("group_id", groupId).eq("user_id", userId);
  if (error) throw error;
}
