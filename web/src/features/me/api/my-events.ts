import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import type { HostedRow, RsvpRow } from "./group-my-events";
import { myEventsKeys } from "./my-events-keys";

const EVENT = "id, slug, title, starts_at, ends_at, timezone, venue_name, is_online, status, visibility, cover_path, series_id";

export type MyEventRows = { hosted: HostedRow[]; rsvps: RsvpRow[] };

/** Events the member hosts or co-hosts (drafts too) and their active RSVPs. */
export async function getMyEventRows(userId: string): Promise<MyEventRows> {
  const [hosted, rsvps] = await Promise.all([
    supabase
      .from("event_hosts")
      .select(`role, event:events!inner(${EVENT})`)
      .eq("user_id", userId)
      .in("role", ["host", "cohost"]),
    supabase
      .from("rsvps")
      .select(`status, guests, checked_in_at, event:events!inner(${EVENT})`)
      .eq("user_id", userId)
      .in("status", ["going", "waitlisted", "pending"]),
  ]);
  if (hosted.error) throw hosted.error;
  if (rsvps.error) throw rsvps.error;
  return {
    hosted: hosted.data as unknown as HostedRow[],
    rsvps: rsvps.data as unknown as RsvpRow[],
  };
}

export function myEventRowsOptions(userId: string) {
  return queryOptions({ queryKey: myEventsKeys.lists(userId), queryFn: () => getMyEventRows(userId) });
}

/**
 * The member's true place in an event's waitlist. Other people's RSVPs are hidden by
 * row-level security, so only the database can count who is ahead (my_rsvp).
 */
export async function getWaitlistPlace(eventId: string): Promise<number | null> {
  const { data, error } = await supabase.rpc("my_rsvp", { event_id: eventId });
  if (error) throw error;
  const place = (data as { waitlist_position?: number | null } | null)?.waitlist_position;
  return typeof place === "number" ? place : null;
}

export function waitlistPlaceOptions(eventId: string, userId: string) {
  return queryOptions({ queryKey: myEventsKeys.waitlistPlace(eventId, userId), queryFn: () => getWaitlistPlace(eventId) });
}
