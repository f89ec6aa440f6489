import { t } from "@lingui/core/macro";
import { errorCode, errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import type { ProfileValues } from "../settings-schemas";

export type ProfileField = "displayName" | "username" | "bio" | "homeCity";

/** A refused save: the database's words, and the field they belong beside (if any). */
export class ProfileSaveError extends Error {
  constructor(message: string, readonly field: ProfileField | null) {
    super(message);
  }
}

const FIELD_OF_CODE: Record<string, ProfileField> = {
  username_taken: "username",
  invalid_username: "username",
  invalid_display_name: "displayName",
  invalid_bio: "bio",
};

export async function saveProfile(userId: string, v: ProfileValues): Promise<void> {
  const { error } = await supabase
    .from("profiles")
    .update({
      display_name: v.displayName,
      username: v.username,
      bio: v.bio,
      home_city: v.homeCity || null,
    })
    .eq("id", userId);
  if (error) {
    const code = errorCode(error);
    // 23505: two members took the name at the same instant; the unique index caught the second.
    if (code === "23505") throw new ProfileSaveError(t`That username is taken. Try another.`, "username");
    throw new ProfileSaveError(errorMessage(error), (code ? FIELD_OF_CODE[code] : undefined) ?? null);
  }
  // The city is public; its coordinates are the member's own (profile_private, decision 0097).
  const home = await supabase
    .from("profile_private")
    .update({ home_lat: v.homeCity ? v.homeLat : null, home_lng: v.homeCity ? v.homeLng : null })
    .eq("id", userId);
  if (home.error) throw new ProfileSaveError(errorMessage(home.error), "homeCity");
}

export async function setAvatarPath(userId: string, path: string | null): Promise<void> {
  const { error } = await supabase.from("profiles").update({ avatar_path: path }).eq("id", userId);
  if (error) throw error;
}
