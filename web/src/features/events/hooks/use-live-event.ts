import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { supabase } from "@/lib/supabase";
import { eventKeys } from "../api/event-keys";
import type { EventDetail, EventStats } from "../api/get-event";
import type { MyRsvp } from "../api/rsvp-api";

/**
 * One realtime channel for the event page (style-anchors.md §3.4): the counters arrive as
 * event_stats changes and are written straight into the cached event; a change to the
 * viewer's own RSVP (a promotion from the waitlist, a host's decision) is a signal to refetch.
 */
export function useLiveEvent(event: Pick<EventDetail, "id" | "slug">, userId: string | undefined) {
  const queryClient = useQueryClient();
  const { id, slug } = event;

  useEffect(() => {
    if (!id) return;
    const channel = supabase.channel(`event:${id}`);
    channel.on(
      "postgres_changes",
      { event: "*", schema: "public", table: "event_stats", filter: `event_id=eq.${id}` },
      (payload) => {
        const row = payload.new as Partial<EventStats>;
        if (typeof row.going_count !== "number") return;
        const stats: EventStats = {
          going_count: row.going_count,
          waitlist_count: row.waitlist_count ?? 0,
          spots_left: row.spots_left ?? null,
        };
        queryClient.setQueryData<EventDetail | null>(eventKeys.detail(slug), (old) =>
          old ? { ...old, event_stats: stats } : old,
        );
      },
    );
    if (userId) {
      channel.on(
        "postgres_changes",
        { event: "UPDATE", schema: "public", table: "rsvps", filter: `user_id=eq.${userId}` },
        (payload) => {
          const row = payload.new as { event_id?: string; status?: string };
          if (row.event_id !== id) return;
          // Our own rsvp() call echoes back here too; only a status we don't know yet is news.
          const key = eventKeys.myRsvp(id, userId);
          if (queryClient.getQueryData<MyRsvp | null>(key)?.status === row.status) return;
          void queryClient.invalidateQueries({ queryKey: key });
        },
      );
    }
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [id, slug, userId, queryClient]);
}
