import { supabase } from "@/lib/supabase";
import type { GroupRole } from "./managed-group";

// Each action is one procedure under the group's row lock, failing with the groups' error
// catalogue (decision 0106) as `{ code, message }`.

async function call<T>(request: PromiseLike<{ data: T; error: unknown }>): Promise<T> {
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const decideRequest = (groupId: string, userId: string, approve: boolean) =>
  call(supabase.rpc("decide_group_member", { group_id: groupId, user_id: userId, approve }));

export const setMemberRole = (groupId: string, userId: string, role: GroupRole) =>
  call(supabase.rpc("set_group_member_role", { group_id: groupId, user_id: userId, role }));

/** They become the organizer; I become a co-organizer. */
export const transferGroup = (groupId: string, userId: string) => call(supabase.rpc("transfer_group", { group_id: groupId, user_id: userId }));

export const removeMember = (groupId: string, userId: string) => call(supabase.rpc("remove_group_member", { group_id: groupId, user_id: userId }));

/** Bans (with an optional reason, kept in the moderation log) or lifts a ban. */
export const setBanned = (groupId: string, userId: string, banned: boolean, reason = "") =>
  call(supabase.rpc("ban_group_member", { group_id: groupId, user_id: userId, banned, reason: reason.trim() || undefined }));

/** Returns how many members it went to. */
export const postAnnouncement = (groupId: string, subject: string, body: string) =>
  call(supabase.rpc("post_group_announcement", { group_id: groupId, subject: subject.trim(), body: body.trim() }));

/** Deletes the group, then its files through the Storage API (decision 0100); a leftover file is harmless. */
export async function deleteGroup(groupId: string): Promise<void> {
  await call(supabase.rpc("delete_group", { group_id: groupId }));
  const { data: files } = await supabase.storage.from("group-media").list(groupId, { limit: 100 });
  if (files?.length) await supabase.storage.from("group-media").remove(files.map((f) => `${groupId}/${f.name}`));
}
