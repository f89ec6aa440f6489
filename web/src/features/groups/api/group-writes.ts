import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { GROUP_COLUMNS, type GroupDetail } from "./get-group";

/** The columns members may write (the table grants no others; the database owns the rest). */
export type GroupSettings = Pick<
  Database["public"]["Tables"]["groups"]["Insert"],
  "name" | "about" | "category" | "city" | "lat" | "lng" | "visibility" | "join_policy" | "cover_path" | "logo_path"
>;

/** Creates a group; the database makes its slug and the caller its first organizer. */
export async function createGroup(settings: GroupSettings): Promise<GroupDetail> {
  // The slug is server-owned (a trigger makes it; the column is not granted), though the types want one.
  const row = settings as Database["public"]["Tables"]["groups"]["Insert"];
  const { data, error } = await supabase.from("groups").insert(row).select(GROUP_COLUMNS).single();
  if (error) throw error;
  return data as unknown as GroupDetail;
}

/** Changes a group's settings (organizers and co-organizers; row-level security otherwise). */
export async function updateGroup(groupId: string, patch: Partial<GroupSettings>): Promise<GroupDetail> {
  const { data, error } = await supabase.from("groups").update(patch).eq("id", groupId).select(GROUP_COLUMNS).single();
  if (error) throw error;
  return data as unknown as GroupDetail;
}

/** Best effort: pictures no longer used (a leftover file is harmless; the group row is what counts). */
export async function removeGroupMedia(paths: string[]): Promise<void> {
  await supabase.storage.from("group-media").remove(paths).catch(() => undefined);
}
