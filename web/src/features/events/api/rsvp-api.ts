import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { eventKeys } from "./event-keys";

export type RsvpStatus = Database["public"]["Enums"]["rsvp_status"];

/** The viewer's RSVP. `waitlist_place` is their place in the queue (1 = next in). */
export type MyRsvp = { status: RsvpStatus; guests: number; waitlist_place: number | null; id?: string };

/** What rsvp() and cancel_rsvp() return (private.rsvp_result in the migrations). */
type RsvpResult = {
  rsvp_id: string;
  status: RsvpStatus;
  guests: number;
  waitlist_position: number | null;
  spots_left: number | null;
};

export async function getMyRsvp(eventId: string, userId: string): Promise<MyRsvp | null> {
  const { data, error } = await supabase
    .from("rsvps")
    .select("id, status, guests, waitlist_position")
    .eq("event_id", eventId)
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  // The table holds the order of arrival, not the place in the queue (RLS hides the others'
  // rows, so it cannot be counted here); rsvp() returns the true place, and replaces this.
  return { id: data.id, status: data.status, guests: data.guests, waitlist_place: data.waitlist_position };
}

export function myRsvpOptions(eventId: string, userId: string | undefined) {
  return queryOptions({
    queryKey: eventKeys.myRsvp(eventId, userId),
    queryFn: () => (userId ? getMyRsvp(eventId, userId) : null),
    enabled: Boolean(userId),
  });
}

function toMyRsvp(r: RsvpResult): MyRsvp {
  return { id: r.rsvp_id, status: r.status, guests: r.guests, waitlist_place: r.waitlist_position };
}

/** RSVPs; `answers` (keyed by question id) only when the event asks questions. */
export async function rsvp(
  eventId: string,
  guests: number,
  answers?: Record<string, string | number | boolean | string[]>,
): Promise<{ rsvp: MyRsvp; spotsLeft: number | null }> {
  const { data, error } = await supabase.rpc("rsvp", answers ? { event_id: eventId, guests, answers } : { event_id: eventId, guests });
  if (error) throw error;
  const result = data as unknown as RsvpResult;
  return { rsvp: toMyRsvp(result), spotsLeft: result.spots_left };
}

export async function cancelRsvp(eventId: string): Promise<{ rsvp: MyRsvp; spotsLeft: number | null }> {
  const { data, error } = await supabase.rpc("cancel_rsvp", { event_id: eventId });
  if (error) throw error;
  const result = data as unknown as RsvpResult;
  return { rsvp: toMyRsvp(result), spotsLeft: result.spots_left };
}
