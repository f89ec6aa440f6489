import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { PAGE_DATA_KEYS } from "@shared/page-contract";
import { supabase } from "@/lib/supabase";

type TypeChange = { id?: string; sold_count?: number; held_count?: number };
type WithTypes = { ticket_types?: (TypeChange & { id: string })[] };

/**
 * Keeps the event page's ticket counts live: sold and held seats move with every checkout, so a
 * change to a known type is merged into the page's cached event (its key is the page's own,
 * PAGE_DATA_KEYS.event); a type added or removed refetches the event.
 */
export function useLiveTicketTypes(eventId: string, slug: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = PAGE_DATA_KEYS.event(slug);
    const channel = supabase.channel(`ticket-types:${eventId}`);
    channel.on("postgres_changes", { event: "*", schema: "public", table: "ticket_types", filter: `event_id=eq.${eventId}` }, (payload) => {
      const row = payload.new as TypeChange;
      if (payload.eventType !== "UPDATE" || !row.id) {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      queryClient.setQueryData<WithTypes | null>(key, (old) =>
        old?.ticket_types
          ? { ...old, ticket_types: old.ticket_types.map((t) => (t.id === row.id ? { ...t, ...row } : t)) }
          : old,
      );
    });
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [eventId, slug, queryClient]);
}
