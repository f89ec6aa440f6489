import { supabase } from "@/lib/supabase";
import type { EditableEvent } from "../event-form-values";
import { addQuestion, listQuestions } from "../questions/questions-api";

/** "seed/tech-1.png" or "<id>/cover-1.png" → the same file name in the new event's folder. */
export function copiedPath(path: string, eventId: string): string {
  return `${eventId}/${path.split("/").pop()}`;
}

async function copyObject(bucket: "event-covers" | "event-videos", from: string, eventId: string): Promise<string> {
  const to = copiedPath(from, eventId);
  const { error } = await supabase.storage.from(bucket).copy(from, to);
  if (error) throw error;
  return to;
}

export type CopiedMedia = { cover_path?: string; video_path?: string };

/**
 * A duplicate's first save: its registration questions, in order, and its own copies of the
 * original's cover and uploaded video, unless the host chose new ones (`keep`). Copies, not the
 * same paths: the files live in the event's folder (storage policies), and replacing or deleting
 * one event's file must not touch the other's. RSVPs and answers stay with the original.
 */
export async function copyFromOriginal(
  original: EditableEvent,
  eventId: string,
  keep: { cover: boolean; video: boolean },
): Promise<CopiedMedia> {
  for (const q of await listQuestions(original.id)) {
    await addQuestion(eventId, { kind: q.kind, label: q.label, required: q.required, options: q.options, asked_per: q.asked_per });
  }
  const media: CopiedMedia = {};
  if (keep.cover && original.cover_path) media.cover_path = await copyObject("event-covers", original.cover_path, eventId);
  if (keep.video && original.video_path) media.video_path = await copyObject("event-videos", original.video_path, eventId);
  return media;
}
