import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { supabase } from "@/lib/supabase";
import { manageKeys } from "../api/manage-keys";

let serial = 0;

/**
 * Keeps the manage area live (decision 0101): `group_manager_stats` moves when a request
 * arrives or is withdrawn and when someone is banned, `group_stats` when someone joins or
 * leaves. `group_members` itself is not published, so a move of a counter refetches the lists
 * and the counts. Both topics are delivered only to those allowed to read them.
 */
export function useLiveManage(groupId: string, slug: string, userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = (statuses: ("active" | "pending" | "banned")[]) => {
      void queryClient.invalidateQueries({ queryKey: manageKeys.group(slug, userId) });
      for (const status of statuses) void queryClient.invalidateQueries({ queryKey: manageKeys.people(groupId, status) });
    };
    // A topic of its own per mount: a channel still leaving from the last mount is not reused.
    const channel = supabase.channel(`group-manage:${groupId}:${++serial}`);
    channel.on("postgres_changes", { event: "*", schema: "public", table: "group_manager_stats", filter: `group_id=eq.${groupId}` }, () =>
      refetch(["pending", "banned"]),
    );
    channel.on("postgres_changes", { event: "*", schema: "public", table: "group_stats", filter: `group_id=eq.${groupId}` }, () =>
      refetch(["active"]),
    );
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [groupId, slug, userId, queryClient]);
}
