import { t } from "@lingui/core/macro";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import type { EventFields } from "../event-form-values";

type EventInsert = Database["public"]["Tables"]["events"]["Insert"];
type EventUpdate = Database["public"]["Tables"]["events"]["Update"];
export type SavedEvent = { id: string; slug: string; status: Database["public"]["Enums"]["event_status"] };

/** What PostgREST's error looks like, for errors we raise ourselves in the same shape. */
export class EventWriteError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

const NOT_HOST = () => new EventWriteError("not_host", t`Only the event's hosts can do that.`);

/** A new event, always a draft first (publishing is a separate step the database checks). */
export async function insertDraft(fields: EventFields, hostId: string): Promise<SavedEvent> {
  // No slug: the database makes one from the title (trigger events_slug).
  const row = { ...fields, host_id: hostId, status: "draft" } as Omit<EventInsert, "slug"> as EventInsert;
  const { data, error } = await supabase.from("events").insert(row).select("id, slug, status").single();
  if (error) throw error;
  return data;
}

/** Changes columns of an event; row-level security lets only its hosts (and admins) do it. */
export async function updateEvent(id: string, patch: EventUpdate): Promise<SavedEvent> {
  const { data, error } = await supabase.from("events").update(patch).eq("id", id).select("id, slug, status").maybeSingle();
  if (error) throw error;
  // No row back: the policy filtered it out, i.e. not a host of it (or it is gone).
  if (!data) throw NOT_HOST();
  return data;
}

/** The online link lives in its own table (only those going see it); none removes it. */
export async function saveOnlineLink(eventId: string, url: string | null): Promise<void> {
  const { error } = url
    ? await supabase.from("event_online_links").upsert({ event_id: eventId, url }, { onConflict: "event_id" })
    : await supabase.from("event_online_links").delete().eq("event_id", eventId);
  if (error) throw error;
}

export function publishEvent(id: string): Promise<SavedEvent> {
  return updateEvent(id, { status: "published" });
}

export function cancelEvent(id: string, reason: string): Promise<SavedEvent> {
  return updateEvent(id, { status: "cancelled", cancel_reason: reason.trim() || null });
}

/** Deletes a draft or an event nobody has RSVPed to; the database refuses anything else. */
export async function deleteEvent(id: string): Promise<void> {
  const { data, error } = await supabase.from("events").delete().eq("id", id).select("id");
  if (error) throw error;
  // The delete policy filters rather than fails: nothing deleted means it was not allowed.
  if (!data?.length) {
    throw new EventWriteError("cannot_delete", t`Only a draft, or an event with no RSVPs, can be deleted.`);
  }
}

/** Best effort: a replaced cover or video is no longer needed. */
export async function removeMediaObject(bucket: "event-covers" | "event-videos", path: string): Promise<void> {
  await supabase.storage.from(bucket).remove([path]).catch(() => undefined);
}
