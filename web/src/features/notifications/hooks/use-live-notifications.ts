import { t } from "@lingui/core/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { supabase } from "@/lib/supabase";
import { LIST_SIZE, notificationKeys, type AppNotification } from "../api/notifications-api";
import { notificationHref, notificationText } from "../notification-text";

/**
 * The member's notifications, live: a new one joins the bell's list, raises the count and
 * shows a toast; one read on another device turns read here too.
 */
export function useLiveNotifications(userId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });

  useEffect(() => {
    const listKey = notificationKeys.list(userId);
    const unreadKey = notificationKeys.unread(userId);
    const channel = supabase.channel(`notifications:${userId}`);
    channel.on(
      "postgres_changes",
      { event: "INSERT", schema: "public", table: "notifications", filter: `user_id=eq.${userId}` },
      (payload) => {
        const row = payload.new as AppNotification;
        let added = false;
        queryClient.setQueryData<AppNotification[]>(listKey, (old) => {
          if (!old || old.some((n) => n.id === row.id)) return old;
          added = true;
          return [row, ...old].slice(0, LIST_SIZE);
        });
        if (added || !queryClient.getQueryData(listKey)) {
          queryClient.setQueryData<number>(unreadKey, (n) => (n ?? 0) + (row.read_at ? 0 : 1));
        }
        const href = notificationHref(row);
        toast(notificationText(row), {
          id: `notification-${row.id}`,
          action: href ? { label: t`View`, onClick: () => void navigateRef.current(href) } : undefined,
        });
      },
    );
    channel.on(
      "postgres_changes",
      { event: "UPDATE", schema: "public", table: "notifications", filter: `user_id=eq.${userId}` },
      (payload) => {
        const row = payload.new as AppNotification;
        queryClient.setQueryData<AppNotification[]>(listKey, (old) =>
          old?.map((n) => (n.id === row.id ? { ...n, read_at: row.read_at } : n)),
        );
        void queryClient.invalidateQueries({ queryKey: unreadKey });
      },
    );
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [userId, queryClient]);
}
