import type { RealtimeChannel } from "@supabase/supabase-js";
import type { QueryClient } from "@tanstack/react-query";
import { EVENT_CHANNEL_PRIVATE, eventTopic, LIVE_EVENTS, type CommentHiddenPayload, type TypingPayload } from "@/lib/realtime/event-broadcasts";
import { supabase } from "@/lib/supabase";
import { eventKeys } from "../api/event-keys";
import type { EventDetail, EventStats } from "../api/get-event";
import type { MyRsvp } from "../api/rsvp-api";
import type { CommentChange } from "../comments/comment-cache";
import { commentLiveUpdates } from "../comments/comment-live";
import { coalescedRefresh } from "./coalesced-refresh";
import type { EventLive } from "./event-live";

type ChannelOptions = {
  event: Pick<EventDetail, "id" | "slug">;
  userId: string | undefined;
  name: string | undefined;
  queryClient: QueryClient;
  live: EventLive;
};

/**
 * Opens `event:<id>` with every binding the page needs (decision 65) and attaches it to `live`.
 * Changes go into the query cache; presence and typing into `live.store`.
 */
export function openEventChannel({ event, userId, name, queryClient, live }: ChannelOptions): RealtimeChannel {
  const { id, slug } = event;
  // Everyone is counted under a random key per page view, and tracks no identity: presence
  // names nobody, even to viewers who may not see who is going (decision 0095).
  const presenceKey = crypto.randomUUID();
  const channel = supabase.channel(eventTopic(id), {
    config: { private: EVENT_CHANNEL_PRIVATE, presence: { key: presenceKey, enabled: true } },
  });
  const comments = commentLiveUpdates(queryClient, id, userId);

  bindCounters(channel, queryClient, id, slug, userId);
  if (userId) bindOwnRsvp(channel, queryClient, id, userId);
  channel.on("postgres_changes", { event: "*", schema: "public", table: "comments", filter: `event_id=eq.${id}` }, (payload) =>
    comments.onChange(payload as unknown as CommentChange),
  );
  channel.on("broadcast", { event: LIVE_EVENTS.commentHidden }, ({ payload }) => comments.onHidden((payload as CommentHiddenPayload).id));
  channel.on("broadcast", { event: LIVE_EVENTS.typing }, ({ payload }) => {
    const p = payload as Partial<TypingPayload>;
    if (typeof p.key !== "string" || p.key === presenceKey) return; // never show the typer their own line
    if (p.stop) live.store.stopTyping(p.key);
    else if (typeof p.name === "string" && p.name) live.store.typing(p.key, p.name.slice(0, 60));
  });
  channel.on("presence", { event: "sync" }, () => live.store.setViewers(Object.keys(channel.presenceState()).length));

  let joinedBefore = false;
  channel.subscribe((status) => {
    if (status !== "SUBSCRIBED") return;
    void channel.track({ online_at: new Date().toISOString() });
    // Changes are delivered from the join on: what changed since the page's data was read (a
    // head inlined up to a minute ago, or the seconds before this first join) never arrives, so
    // the counts are read again now. Back after a drop, the comments too.
    void queryClient.invalidateQueries({ queryKey: eventKeys.detail(slug) });
    if (joinedBefore) comments.refetch();
    joinedBefore = true;
  });
  live.attach(channel, userId && name ? { key: presenceKey, name } : null);
  return channel;
}

/** Who is going is re-read by the whole audience about 100 times a second at most (coalesced-refresh.ts). */
const ATTENDEES_REFRESH = { perViewerMs: 10, maxIntervalMs: 10_000 };

/**
 * Spots left and counts, written into the cached event at once; who is going is re-read when the
 * count changes, coalesced (a busy event's viewers would otherwise each re-read it per RSVP).
 */
function bindCounters(channel: RealtimeChannel, queryClient: QueryClient, id: string, slug: string, userId: string | undefined) {
  const attendees = coalescedRefresh(() => void queryClient.invalidateQueries({ queryKey: eventKeys.attendees(id, userId) }), {
    ...ATTENDEES_REFRESH,
    viewers: () => Object.keys(channel.presenceState()).length,
  });
  channel.on("postgres_changes", { event: "*", schema: "public", table: "event_stats", filter: `event_id=eq.${id}` }, (payload) => {
    const row = payload.new as Partial<EventStats>;
    if (typeof row.going_count !== "number") return;
    const stats: EventStats = {
      going_count: row.going_count,
      waitlist_count: row.waitlist_count ?? 0,
      spots_left: row.spots_left ?? null,
    };
    const before = queryClient.getQueryData<EventDetail | null>(eventKeys.detail(slug))?.event_stats;
    queryClient.setQueryData<EventDetail | null>(eventKeys.detail(slug), (old) => (old ? { ...old, event_stats: stats } : old));
    if (whoIsGoingMayHaveChanged(before, stats)) attendees.request();
  });
}

/**
 * Whether the people going may differ after a change of counts. Not the going count alone: a
 * promotion from the waitlist as someone cancels leaves it as it was with another person in
 * the list (issue 32), and only the waitlist count tells.
 */
export function whoIsGoingMayHaveChanged(before: EventStats | null | undefined, after: EventStats): boolean {
  return !before || before.going_count !== after.going_count || before.waitlist_count !== after.waitlist_count;
}

/** A change to the viewer's own RSVP (a promotion from the waitlist, a host's decision). */
function bindOwnRsvp(channel: RealtimeChannel, queryClient: QueryClient, id: string, userId: string) {
  channel.on("postgres_changes", { event: "UPDATE", schema: "public", table: "rsvps", filter: `user_id=eq.${userId}` }, (payload) => {
    const row = payload.new as { event_id?: string; status?: string };
    if (row.event_id !== id) return;
    // Our own rsvp() call echoes back here too; only a status we don't know yet is news.
    const key = eventKeys.myRsvp(id, userId);
    if (queryClient.getQueryData<MyRsvp | null>(key)?.status === row.status) return;
    void queryClient.invalidateQueries({ queryKey: key });
  });
}
