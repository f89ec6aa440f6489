import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import { eventKeys } from "./event-keys";

export type Attendee = { user_id: string; profile: { username: string; display_name: string; avatar_path: string | null } | null };

/** How many faces the event page shows before "+N". */
export const ATTENDEES_SHOWN = 12;

/** The first members going, in order of RSVP. Only signed-in members may see who is going (RLS). */
export async function listAttendees(eventId: string): Promise<Attendee[]> {
  const { data, error } = await supabase
    .from("rsvps")
    .select("user_id, profile:profiles(username, display_name, avatar_path)")
    .eq("event_id", eventId)
    .eq("status", "going")
    .order("created_at", { ascending: true })
    .limit(ATTENDEES_SHOWN);
  if (error) throw error;
  return data as unknown as Attendee[];
}

export function attendeesOptions(eventId: string, userId: string | undefined) {
  return queryOptions({
    queryKey: eventKeys.attendees(eventId, userId),
    queryFn: () => listAttendees(eventId),
    enabled: Boolean(userId),
  });
}
