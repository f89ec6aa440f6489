import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";

/** A pick, with its event's zone (migration 20261129363100; the generated types predate it). */
export type Pick = Database["public"]["Functions"]["recommend_events"]["Returns"][number] & { timezone: string };
export type FollowKind = Database["public"]["Enums"]["follow_kind"];
export type Follow = { kind: FollowKind; value: string };

/** How many picks "For you" shows. */
export const PICKS_SHOWN = 6;

export const recommendationKeys = {
  all: (userId: string) => ["recommendations", userId] as const,
  // The reasons come in the member's language: a new language is a new list.
  picks: (userId: string, locale: string) => ["recommendations", userId, "picks", locale] as const,
  follows: (userId: string) => ["recommendations", userId, "follows"] as const,
};

export function picksOptions(userId: string, locale: string) {
  return queryOptions({
    queryKey: recommendationKeys.picks(userId, locale),
    queryFn: async (): Promise<Pick[]> => {
      // The reasons in the language on screen (the server falls back to the profile's).
      const { data, error } = await supabase.rpc("recommend_events", { max: PICKS_SHOWN, lang: locale });
      if (error) throw error;
      return data as Pick[];
    },
  });
}

export function followsOptions(userId: string) {
  return queryOptions({
    queryKey: recommendationKeys.follows(userId),
    queryFn: async (): Promise<Follow[]> => {
      const { data, error } = await supabase.from("follows").select("kind, value").order("created_at");
      if (error) throw error;
      return data;
    },
  });
}

export async function follow(f: Follow): Promise<void> {
  const { error } = await supabase.from("follows").insert(f);
  // Already followed (a second tab, a double click): the wanted state holds.
  if (error && error.code !== "23505") throw error;
}

export async function unfollow(f: Follow): Promise<void> {
  const { error } = await supabase.from("follows").delete().eq("kind", f.kind).eq("value", f.value);
  if (error) throw error;
}
