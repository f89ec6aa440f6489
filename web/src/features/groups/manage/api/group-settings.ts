import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";

/** The columns organizers and co-organizers may write (the only ones granted, decision 0100). */
export type GroupSettings = Pick<
  Database["public"]["Tables"]["groups"]["Update"],
  "name" | "about" | "category" | "city" | "lat" | "lng" | "visibility" | "join_policy" | "cover_path" | "logo_path"
>;

export async function saveGroupSettings(groupId: string, patch: GroupSettings): Promise<void> {
  const { data, error } = await supabase.from("groups").update(patch).eq("id", groupId).select("id");
  if (error) throw error;
  // No row back: row-level security filtered it (no longer a manager).
  if (!data.length) throw { code: "not_group_manager", message: "Only the group's organizers and co-organizers can do that." };
}

// The bucket's rules (decision 0100): 5 MB, JPEG/PNG/WebP.
export const GROUP_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const GROUP_MEDIA_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** Uploads a cover or logo under the group's folder; a new name each time, so caches never show the old one. */
export async function uploadGroupImage(groupId: string, kind: "cover" | "logo", file: File): Promise<string> {
  const ext = file.type === "image/png" ? "png" : file.type === "image/webp" ? "webp" : "jpg";
  const path = `${groupId}/${kind}-${Date.now()}.${ext}`;
  const { error } = await supabase.storage.from("group-media").upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw error;
  return path;
}

/** Best effort: a replaced image is no longer needed. */
export async function removeGroupImage(path: string): Promise<void> {
  await supabase.storage.from("group-media").remove([path]).catch(() => undefined);
}
