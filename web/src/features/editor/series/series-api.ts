import { supabase } from "@/lib/supabase";
import type { SavedEvent } from "../api/event-writes";
import type { EventFields } from "../event-form-values";

/** What create_series / update_series_from / cancel_series return (private.series_summary). */
export type SeriesSummary = {
  id: string;
  rrule: string;
  status: string;
  events: { id: string; slug: string; starts_at: string; status: SavedEvent["status"]; position: number }[];
};

export async function createSeries(eventId: string, rrule: string): Promise<SeriesSummary> {
  const { data, error } = await supabase.rpc("create_series", { event_id: eventId, rrule });
  if (error) throw error;
  return data as unknown as SeriesSummary;
}

/** "This and following": the changes apply to this date and every later one (decision 0123). */
export async function updateSeriesFrom(eventId: string, changes: Record<string, unknown>): Promise<SavedEvent> {
  const { data, error } = await supabase.rpc("update_series_from", { event_id: eventId, changes: changes as never });
  if (error) throw error;
  const summary = data as unknown as SeriesSummary;
  const self = summary.events.find((e) => e.id === eventId);
  if (!self) throw new Error("update_series_from did not return the event");
  return { id: self.id, slug: self.slug, status: self.status };
}

export async function cancelSeries(seriesId: string, reason: string): Promise<SeriesSummary> {
  const { data, error } = await supabase.rpc("cancel_series", { series_id: seriesId, reason: reason.trim() || undefined });
  if (error) throw error;
  return data as unknown as SeriesSummary;
}

/**
 * The fields that differ from the event as loaded, for update_series_from. A new start or end
 * sends both, so the following dates keep or take the new length.
 */
export function changedFields(before: EventFields, after: EventFields, onlineBefore: string, onlineAfter: string): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof EventFields)[]) {
    if (key === "rsvp_closes_at") continue; // follows the start in the database
    const a = after[key];
    const b = before[key];
    const same = key === "starts_at" || key === "ends_at" ? Date.parse(String(a)) === Date.parse(String(b)) : JSON.stringify(a) === JSON.stringify(b);
    if (!same) changes[key] = a;
  }
  if ("starts_at" in changes || "ends_at" in changes) Object.assign(changes, { starts_at: after.starts_at, ends_at: after.ends_at });
  if (onlineBefore.trim() !== onlineAfter.trim()) changes.online_url = onlineAfter.trim() || null;
  return changes;
}
