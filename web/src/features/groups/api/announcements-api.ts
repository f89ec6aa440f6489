import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { groupKeys } from "./group-keys";

export type GroupAnnouncement = Pick<
  Database["public"]["Tables"]["group_announcements"]["Row"],
  "id" | "group_id" | "subject" | "body" | "created_at" | "recipient_count"
> & { author: { username: string; display_name: string; avatar_path: string | null } | null };

/** How many announcements the page lists. */
export const ANNOUNCEMENTS_SHOWN = 10;

/** Limits of post_group_announcement (decision 0104), mirrored in the form. */
export const ANNOUNCEMENT_SUBJECT_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 5000;

/** Newest first; readable where the group's content is (everyone, or members of a private group). */
export async function listAnnouncements(groupId: string): Promise<GroupAnnouncement[]> {
  const { data, error } = await supabase
    .from("group_announcements")
    .select("id, group_id, subject, body, created_at, recipient_count, author:profiles(username, display_name, avatar_path)")
    .eq("group_id", groupId)
    .order("created_at", { ascending: false })
    .limit(ANNOUNCEMENTS_SHOWN);
  if (error) throw error;
  return data as unknown as GroupAnnouncement[];
}

export function announcementsOptions(groupId: string, userId: string | undefined) {
  return queryOptions({ queryKey: groupKeys.announcements(groupId, userId), queryFn: () => listAnnouncements(groupId) });
}
