import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import { manageKeys } from "./manage-keys";

/** Someone let in at the door without an RSVP (public.event_walk_ins): in from `created_at`. */
export type WalkIn = { id: string; name: string; email: string | null; created_at: string };

export async function listWalkIns(eventId: string): Promise<WalkIn[]> {
  const { data, error } = await supabase
    .from("event_walk_ins")
    .select("id, name, email, created_at")
    .eq("event_id", eventId)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return data;
}

export function walkInsOptions(eventId: string) {
  return queryOptions({ queryKey: manageKeys.walkIns(eventId), queryFn: () => listWalkIns(eventId) });
}

/** Adds a walk-in, in at once; the door must be open (check_in_closed otherwise). */
export async function addWalkIn(eventId: string, name: string, email: string): Promise<void> {
  const { error } = await supabase.rpc("add_walk_in", { event_id: eventId, name, email: email.trim() || undefined });
  if (error) throw error;
}

export async function removeWalkIn(id: string): Promise<void> {
  const { error } = await supabase.rpc("remove_walk_in", { walk_in_id: id });
  if (error) throw error;
}
