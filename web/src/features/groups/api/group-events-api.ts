import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { groupKeys } from "./group-keys";

/** What the group page lists of an event. */
export type GroupEventSummary = Pick<
  Database["public"]["Tables"]["events"]["Row"],
  "id" | "slug" | "title" | "category" | "starts_at" | "ends_at" | "timezone" | "venue_name" | "is_online" | "cover_path" | "visibility" | "status" | "series_id"
> & { event_stats: { going_count: number; spots_left: number | null } | null };

const COLUMNS =
  "id, slug, title, category, starts_at, ends_at, timezone, venue_name, is_online, cover_path, visibility, status, series_id, event_stats(going_count, spots_left)";

/** How many past events the page lists. */
export const PAST_EVENTS_SHOWN = 6;

/**
 * The group's published (and cancelled) events, upcoming soonest first or past latest first.
 * Row-level security keeps members-only events, and a private group's, to its members.
 */
export async function listGroupEvents(groupId: string, when: "upcoming" | "past", now = new Date()): Promise<GroupEventSummary[]> {
  let query = supabase.from("events").select(COLUMNS).eq("group_id", groupId).in("status", ["published", "cancelled"]);
  query =
    when === "upcoming"
      ? query.gte("ends_at", now.toISOString()).order("starts_at", { ascending: true }).limit(50)
      : query.lt("ends_at", now.toISOString()).order("starts_at", { ascending: false }).limit(PAST_EVENTS_SHOWN);
  const { data, error } = await query;
  if (error) throw error;
  return data as unknown as GroupEventSummary[];
}

export function groupEventsOptions(groupId: string, when: "upcoming" | "past", userId: string | undefined) {
  return queryOptions({ queryKey: groupKeys.events(groupId, when, userId), queryFn: () => listGroupEvents(groupId, when) });
}
