import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { supabase } from "@/lib/supabase";
import { groupKeys } from "../api/group-keys";
import type { GroupDetail } from "../api/get-group";

let channelSerial = 0;

/**
 * Keeps a group's page live (decision 0101's topics, each delivered after row-level security):
 * the member count (`group_stats`) goes straight into the cache, and a change of it refetches
 * the faces and the viewer's own standing (an approval or a ban moves the count); settings
 * (`groups`), announcements and, for organizers, request counts refetch or update in place;
 * the viewer's own notifications about this group (accepted, declined, removed, banned) refetch
 * their membership, since `group_members` itself is not published (it would leak who left).
 */
export function useLiveGroup(group: Pick<GroupDetail, "id" | "slug"> | null | undefined, userId: string | undefined) {
  const queryClient = useQueryClient();
  const id = group?.id;
  const slug = group?.slug;

  useEffect(() => {
    if (!id || !slug) return;
    const detailKey = groupKeys.detail(slug, userId);
    const refetchStanding = () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.membership(id, userId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(id, userId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.organizers(id, userId) });
    };
    // A topic of its own per mount: supabase.channel() would hand back a channel still leaving.
    const channel = supabase.channel(`group-live:${id}:${++channelSerial}`);
    channel.on("postgres_changes", { event: "*", schema: "public", table: "group_stats", filter: `group_id=eq.${id}` }, (payload) => {
      const row = payload.new as { member_count?: number };
      if (typeof row.member_count === "number") {
        const count = row.member_count;
        queryClient.setQueryData<GroupDetail | null>(detailKey, (old) => (old ? { ...old, group_stats: { member_count: count } } : old));
      }
      refetchStanding();
    });
    channel.on("postgres_changes", { event: "*", schema: "public", table: "groups", filter: `id=eq.${id}` }, () => {
      void queryClient.invalidateQueries({ queryKey: detailKey });
    });
    channel.on("postgres_changes", { event: "INSERT", schema: "public", table: "group_announcements", filter: `group_id=eq.${id}` }, () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.announcements(id, userId) });
    });
    if (userId) {
      channel.on("postgres_changes", { event: "*", schema: "public", table: "group_manager_stats", filter: `group_id=eq.${id}` }, (payload) => {
        const row = payload.new as { pending_count?: number; banned_count?: number };
        if (typeof row.pending_count === "number") {
          queryClient.setQueryData(groupKeys.managerStats(id, userId), { pending_count: row.pending_count, banned_count: row.banned_count ?? 0 });
        }
      });
      channel.on("postgres_changes", { event: "INSERT", schema: "public", table: "notifications", filter: `user_id=eq.${userId}` }, (payload) => {
        const row = payload.new as { payload?: { group_id?: string } };
        if (row.payload?.group_id !== id) return;
        refetchStanding();
        // Accepted: the members-only events and a private group's content open up.
        void queryClient.invalidateQueries({ queryKey: groupKeys.byId(id) });
      });
    }
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [id, slug, userId, queryClient]);
}
