import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { supabase } from "@/lib/supabase";
import type { Guest } from "../api/guest-list";
import { manageKeys } from "../api/manage-keys";

type RsvpChange = Partial<Omit<Guest, "profile">> & { user_id?: string };

/**
 * Keeps the cached guest list live: a change to a known RSVP is merged in place (a status,
 * a check-in); a new person's RSVP needs their name, so it refetches the list.
 */
export function useLiveGuestList(eventId: string | undefined) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!eventId) return;
    const key = manageKeys.guests(eventId);
    const channel = supabase.channel(`manage:${eventId}`);
    channel.on(
      "postgres_changes",
      { event: "*", schema: "public", table: "rsvps", filter: `event_id=eq.${eventId}` },
      (payload) => {
        const row = payload.new as RsvpChange;
        if (!row.user_id) return;
        let known = false;
        queryClient.setQueryData<Guest[]>(key, (old) =>
          old?.map((g) => {
            if (g.user_id !== row.user_id) return g;
            known = true;
            return { ...g, ...row, profile: g.profile };
          }),
        );
        if (!known) void queryClient.invalidateQueries({ queryKey: key });
      },
    );
    // A changed answer (or a new one with an RSVP) refetches the answers: they are few, and
    // the row alone does not say which column a removed question's answer belongs in.
    channel.on("postgres_changes", { event: "*", schema: "public", table: "rsvp_answers", filter: `event_id=eq.${eventId}` }, () => {
      void queryClient.invalidateQueries({ queryKey: manageKeys.answers(eventId) });
    });
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [eventId, queryClient]);
}
