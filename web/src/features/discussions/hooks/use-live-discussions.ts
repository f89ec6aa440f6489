import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { supabase } from "@/lib/supabase";
import { discussionKeys } from "../api/discussions-api";

let n = 0;

/**
 * A group's discussions, live: a new thread, reply or reaction (or an edit, pin, lock or
 * removal) refreshes what is shown. postgres_changes asks the tables' row-level security for
 * each subscriber, so only the group's members hear of them (decision 0345).
 */
export function useLiveDiscussions(groupId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A topic of its own per mount: supabase.channel() would hand back a channel still leaving.
    const channel = supabase.channel(`discussions:${groupId}:${++n}`);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: discussionKeys.all(groupId) });
    for (const table of ["discussion_threads", "discussion_replies", "discussion_reactions"]) {
      channel.on("postgres_changes", { event: "*", schema: "public", table, filter: `group_id=eq.${groupId}` }, refresh);
    }
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [groupId, queryClient]);
}
