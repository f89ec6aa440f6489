import { queryOptions, useQuery } from "@tanstack/react-query";
import { useSession } from "@/lib/auth/session-context";
import type { Database } from "@/lib/database.types";
import { profileKeys } from "@/lib/query-keys";
import { loadSupabase } from "@/lib/load-supabase";

type ProfileRow = Database["public"]["Tables"]["profiles"]["Row"];
type PrivateRow = Database["public"]["Tables"]["profile_private"]["Row"];

/** The public profile, and the home's coordinates that only the member (and admins) may read. */
export type MyProfile = Pick<ProfileRow, "id" | "username" | "display_name" | "avatar_path" | "bio" | "home_city" | "locale"> &
  Pick<PrivateRow, "home_lat" | "home_lng">;

const COLUMNS = "id, username, display_name, avatar_path, bio, home_city, locale, private:profile_private(home_lat, home_lng)";

export async function getMyProfile(userId: string): Promise<MyProfile> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from("profiles").select(COLUMNS).eq("id", userId).single();
  if (error) throw error;
  const { private: home, ...profile } = data;
  return { ...profile, home_lat: home?.home_lat ?? null, home_lng: home?.home_lng ?? null };
}

/** Keyed by profileKeys.me, which AuthProvider refreshes on USER_UPDATED. */
export function myProfileOptions(userId: string) {
  return queryOptions({ queryKey: profileKeys.me(userId), queryFn: () => getMyProfile(userId) });
}

/** The signed-in member's profile (the header, /settings); idle while signed out. */
export function useMyProfile() {
  const { user } = useSession();
  return useQuery({ ...myProfileOptions(user?.id ?? ""), enabled: !!user });
}

/** The member's language, kept with their profile (emails and calendar files are written in it). */
export async function saveMyLocale(userId: string, locale: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from("profiles").update({ locale }).eq("id", userId);
  if (error) throw error;
}
