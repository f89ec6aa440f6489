import type { RealtimeChannel } from "@supabase/supabase-js";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { eventTopic } from "@/lib/realtime/event-broadcasts";
import { supabase } from "@/lib/supabase";
import type { EventDetail } from "../api/get-event";
import { createEventLive, type EventLive, type Viewer } from "../live/event-live";
import { openEventChannel } from "../live/open-event-channel";

// supabase.channel(topic) hands back an existing channel with that topic, even one still leaving
// (e.g. the page re-joins as the user signs out). A new channel for a topic is made only once the
// previous one has closed.
const closing = new Map<string, Promise<unknown>>();

/**
 * The event page's one realtime channel, `event:<id>` (decision 65, style-anchors.md §3.4):
 * counters and comments arrive as postgres changes and go straight into the cache; a change to
 * the viewer's own RSVP is a signal to refetch; presence counts the viewers and broadcast
 * carries "typing…" and "comment hidden". `viewer` is undefined while the session is loading
 * (the channel waits, so it joins once with the right identity), null when signed out.
 */
export function useLiveEvent(event: Pick<EventDetail, "id" | "slug">, viewer: Viewer | null | undefined): EventLive {
  const queryClient = useQueryClient();
  const [live] = useState(createEventLive);
  const { id, slug } = event;
  const userId = viewer?.id;
  const name = viewer?.name;
  const ready = viewer !== undefined;

  useEffect(() => {
    if (!id || !ready) return;
    const topic = eventTopic(id);
    let channel: RealtimeChannel | null = null;
    let cancelled = false;
    void (closing.get(topic) ?? Promise.resolve())
      // The channel is private: its join must carry the viewer's token, not the anon key a
      // socket opened before sign-in would still hold.
      .then(() => supabase.realtime.setAuth())
      .catch(() => undefined) // joined with whatever token the socket has; the join says if that is not enough
      .then(() => {
        if (!cancelled) channel = openEventChannel({ event: { id, slug }, userId, name, queryClient, live });
      });
    return () => {
      cancelled = true;
      live.attach(null, null);
      if (!channel) return;
      const removal = supabase.removeChannel(channel).finally(() => {
        if (closing.get(topic) === removal) closing.delete(topic);
      });
      closing.set(topic, removal);
    };
  }, [id, slug, userId, name, ready, queryClient, live]);

  return live;
}
