import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { supabase } from "@/lib/supabase";
import { messageKeys } from "../api/messages-api";

let n = 0;

/**
 * The member's private messages, live: a new message, or one read by the other person ("seen"),
 * refreshes the list and the open conversation. postgres_changes asks direct_messages' row-level
 * security per subscriber: only the two people of a conversation hear of its messages.
 */
export function useLiveMessages(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = supabase.channel(`messages:${userId}:${++n}`);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all(userId) });
    channel.on("postgres_changes", { event: "INSERT", schema: "public", table: "direct_messages", filter: `recipient_id=eq.${userId}` }, refresh);
    channel.on("postgres_changes", { event: "UPDATE", schema: "public", table: "direct_messages", filter: `sender_id=eq.${userId}` }, refresh);
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [userId, queryClient]);
}
