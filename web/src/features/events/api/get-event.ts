import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { eventKeys } from "./event-keys";

type EventRow = Database["public"]["Tables"]["events"]["Row"];
type StatsRow = Database["public"]["Tables"]["event_stats"]["Row"];

export type EventStats = Pick<StatsRow, "going_count" | "waitlist_count" | "spots_left">;
export type PersonSummary = { username: string; display_name: string };

export type EventDetail = Omit<EventRow, "search"> & {
  host: PersonSummary | null;
  event_hosts: { user_id: string; role: Database["public"]["Enums"]["host_role"]; profile: PersonSummary | null }[];
  event_stats: EventStats | null;
  /** Present only for those going, checkers and hosts (row-level security). */
  online_link: { url: string } | null;
};

// Every column but the search vector, plus the host, co-hosts and live counts.
const COLUMNS = `id, slug, host_id, title, description, category, starts_at, ends_at, timezone, venue_name,
  address, lat, lng, is_online, cover_path, video_url, video_path, capacity, waitlist_enabled,
  requires_approval, plus_ones_max, rsvp_closes_at, visibility, status, cancel_reason, published_at,
  created_at, updated_at,
  host:profiles!events_host_id_fkey(username, display_name),
  event_hosts(user_id, role, profile:profiles(username, display_name)),
  event_stats(going_count, waitlist_count, spots_left),
  online_link:event_online_links(url)`;

/** The event with this slug, or null when there is none the viewer may see. */
export async function getEvent(slug: string): Promise<EventDetail | null> {
  const { data, error } = await supabase.from("events").select(COLUMNS).eq("slug", slug).maybeSingle();
  if (error) throw error;
  return data as unknown as EventDetail | null;
}

export function eventDetailOptions(slug: string) {
  return queryOptions({ queryKey: eventKeys.detail(slug), queryFn: () => getEvent(slug) });
}
