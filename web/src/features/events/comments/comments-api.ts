import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { eventKeys } from "../api/event-keys";

type CommentRow = Database["public"]["Tables"]["comments"]["Row"];

export type CommentAuthor = { username: string; display_name: string; avatar_path: string | null };
export type EventComment = CommentRow & { author: CommentAuthor | null };

export const COMMENT_COLUMNS =
  "id, event_id, author_id, parent_id, body, created_at, edited_at, deleted_at, hidden_at, author:profiles(username, display_name, avatar_path)";

// One page holds the whole conversation; a busy event has a few hundred comments at most.
const MAX_COMMENTS = 1000;

/** An event's comments the viewer may see (RLS: hidden ones only for their author and the hosts), oldest first. */
export async function listComments(eventId: string): Promise<EventComment[]> {
  const { data, error } = await supabase
    .from("comments")
    .select(COMMENT_COLUMNS)
    .eq("event_id", eventId)
    .order("created_at", { ascending: true })
    .order("id", { ascending: true })
    .limit(MAX_COMMENTS);
  if (error) throw error;
  return data as unknown as EventComment[];
}

export function commentsOptions(eventId: string, userId: string | undefined) {
  return queryOptions({ queryKey: eventKeys.comments(eventId, userId), queryFn: () => listComments(eventId) });
}

/** One comment as the viewer sees it now, or null if it is gone or hidden from them. */
export async function getComment(id: string): Promise<EventComment | null> {
  const { data, error } = await supabase.from("comments").select(COMMENT_COLUMNS).eq("id", id).maybeSingle();
  if (error) throw error;
  return data as unknown as EventComment | null;
}

export async function postComment(input: { eventId: string; authorId: string; parentId: string | null; body: string }) {
  const { data, error } = await supabase
    .from("comments")
    .insert({ event_id: input.eventId, author_id: input.authorId, parent_id: input.parentId, body: input.body })
    .select(COMMENT_COLUMNS)
    .single();
  if (error) throw error;
  return data as unknown as EventComment;
}

/** Edits, soft-deletes (the database empties the body), hides or restores one comment. */
export async function updateComment(id: string, patch: { body: string } | { deleted_at: string } | { hidden_at: string | null }) {
  const { data, error } = await supabase.from("comments").update(patch).eq("id", id).select(COMMENT_COLUMNS).single();
  if (error) throw error;
  return data as unknown as EventComment;
}
