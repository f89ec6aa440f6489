import { queryOptions } from "@tanstack/react-query";
import { queryRoots } from "@/lib/query-keys";
import { EVENT_CHANNEL_PRIVATE, eventTopic, LIVE_EVENTS, type CommentHiddenPayload } from "@/lib/realtime/event-broadcasts";
import { supabase } from "@/lib/supabase";

/** One reported comment, event, group, album photo or private message with its open reports (report_queue() in the migrations). */
export type QueueItem = {
  report_id: string;
  report_ids: string[];
  target_type: "comment" | "event" | "group" | "photo" | "message";
  target_id: string;
  report_count: number;
  reasons: string[];
  reporters: (string | null)[];
  first_reported_at: string;
  last_reported_at: string;
  event_id: string | null;
  event_slug: string | null;
  event_title: string | null;
  /** Null when the comment was deleted (or the target is an event). */
  comment_body: string | null;
  author_id: string | null;
  author_username: string | null;
  author_display_name: string | null;
  author_suspended: boolean | null;
  hidden: boolean;
  hidden_at: string | null;
  target_missing: boolean;
  group_id: string | null;
  group_slug: string | null;
  group_name: string | null;
  /** A photo's file in bucket event-albums, and its caption (the event is the photo's). */
  photo_path?: string | null;
  photo_caption?: string | null;
  /** A message's text (its sender is the author), and who received it. */
  message_body?: string | null;
  recipient_id?: string | null;
  recipient_username?: string | null;
  recipient_display_name?: string | null;
};

/** A reported photo's thumbnail, through the image render endpoint (the bucket is public). */
export function photoThumbnailUrl(path: string): string {
  return supabase.storage.from("event-albums").getPublicUrl(path, { transform: { width: 320, height: 240, resize: "contain" } }).data.publicUrl;
}

export type LogEntry = {
  id: string;
  action: string;
  target_type: string;
  target_id: string;
  details: Record<string, unknown>;
  created_at: string;
  actor: { username: string; display_name: string } | null;
};

export const adminKeys = {
  queue: [...queryRoots.admin, "queue"] as const,
  log: [...queryRoots.admin, "log"] as const,
};

export const LOG_SIZE = 50;

export function reportQueueOptions() {
  return queryOptions({
    queryKey: adminKeys.queue,
    queryFn: async (): Promise<QueueItem[]> => {
      const { data, error } = await supabase.rpc("report_queue");
      if (error) throw error;
      return data as unknown as QueueItem[];
    },
  });
}

export function moderationLogOptions() {
  return queryOptions({
    queryKey: adminKeys.log,
    queryFn: async (): Promise<LogEntry[]> => {
      const { data, error } = await supabase
        .from("moderation_log")
        .select("id, action, target_type, target_id, details, created_at, actor:profiles(username, display_name)")
        .order("created_at", { ascending: false })
        .limit(LOG_SIZE);
      if (error) throw error;
      return data as unknown as LogEntry[];
    },
  });
}

export async function hideContent(item: Pick<QueueItem, "target_type" | "target_id">, hidden: boolean): Promise<void> {
  // Album photos are hidden as their hosts hide them (admins may too); messages are not hidden.
  const { error } =
    item.target_type === "photo"
      ? await supabase.rpc("hide_album_photo", { photo_id: item.target_id, hidden })
      : await supabase.rpc("hide_content", { target_type: item.target_type, target_id: item.target_id, hidden });
  if (error) throw error;
}

export async function resolveReport(reportId: string, status: "resolved" | "dismissed"): Promise<void> {
  const { error } = await supabase.rpc("resolve_report", { report_id: reportId, status });
  if (error) throw error;
}

export async function suspendUser(userId: string, suspended: boolean, reason: string | null): Promise<void> {
  const { error } = await supabase.rpc("suspend_user", { user_id: userId, suspended, ...(reason ? { reason } : {}) });
  if (error) throw error;
}

/**
 * Tells the event page's viewers to re-check a comment just hidden (decision 0066: realtime
 * withholds the UPDATE from those who may no longer see the row). Sent over REST, so the admin
 * need not join the event's channel; it is only a hint, which each viewer verifies under RLS.
 */
export async function announceCommentHidden(eventId: string, commentId: string): Promise<void> {
  const channel = supabase.channel(eventTopic(eventId), { config: { private: EVENT_CHANNEL_PRIVATE } });
  try {
    // A private channel: the request must carry the admin's token, not just the anon key.
    await supabase.realtime.setAuth();
    await channel.httpSend(LIVE_EVENTS.commentHidden, { id: commentId } satisfies CommentHiddenPayload);
  } finally {
    void supabase.removeChannel(channel);
  }
}
