import { supabase } from "@/lib/supabase";
import type { RsvpStatus } from "./rsvp-api";

export type SeriesDate = {
  id: string;
  slug: string;
  starts_at: string;
  ends_at: string;
  timezone: string;
  status: "draft" | "published" | "cancelled";
  /** The viewer's RSVP to this date, if any. */
  my_status: RsvpStatus | null;
};

/**
 * The upcoming dates of a series (and of the part it was split from or into with "this and
 * following", one step each way), as the viewer may see them, with the viewer's RSVPs.
 */
export async function getSeriesDates(seriesId: string, userId: string | undefined, limit = 6): Promise<SeriesDate[]> {
  const own = await supabase.from("event_series").select("id, parent_series_id").eq("id", seriesId).maybeSingle();
  if (own.error) throw own.error;
  const near = [seriesId, own.data?.parent_series_id].filter((id): id is string => Boolean(id));
  const family = await supabase.from("event_series").select("id").or(`id.in.(${near.join(",")}),parent_series_id.in.(${near.join(",")})`);
  if (family.error) throw family.error;
  const ids = [...new Set([...near, ...family.data.map((s) => s.id)])];
  const { data, error } = await supabase
    .from("events")
    .select("id, slug, starts_at, ends_at, timezone, status")
    .in("series_id", ids)
    .gte("ends_at", new Date().toISOString())
    .order("starts_at")
    .limit(limit);
  if (error) throw error;
  const mine = new Map<string, RsvpStatus>();
  if (userId && data.length) {
    const rsvps = await supabase.from("rsvps").select("event_id, status").eq("user_id", userId).in("event_id", data.map((e) => e.id));
    if (rsvps.error) throw rsvps.error;
    for (const r of rsvps.data) mine.set(r.event_id, r.status);
  }
  return data.map((e) => ({ ...e, my_status: mine.get(e.id) ?? null }));
}
