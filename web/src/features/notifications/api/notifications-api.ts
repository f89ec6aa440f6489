import { queryOptions } from "@tanstack/react-query";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";

export type AppNotification = {
  id: string;
  kind: string;
  payload: unknown;
  read_at: string | null;
  created_at: string;
};

/** The bell shows the latest few; older ones are still counted as unread. */
export const LIST_SIZE = 20;

export const notificationKeys = {
  all: queryRoots.notifications,
  list: (userId: string) => [...queryRoots.notifications, userId, "list"] as const,
  unread: (userId: string) => [...queryRoots.notifications, userId, "unread"] as const,
};

async function getNotifications(): Promise<AppNotification[]> {
  // Row-level security returns the caller's own notifications only.
  const { data, error } = await supabase
    .from("notifications")
    .select("id, kind, payload, read_at, created_at")
    .order("created_at", { ascending: false })
    .limit(LIST_SIZE);
  if (error) throw error;
  return data;
}

async function getUnreadCount(): Promise<number> {
  const { count, error } = await supabase
    .from("notifications")
    .select("id", { count: "exact", head: true })
    .is("read_at", null);
  if (error) throw error;
  return count ?? 0;
}

export function notificationListOptions(userId: string) {
  return queryOptions({ queryKey: notificationKeys.list(userId), queryFn: getNotifications });
}

export function unreadCountOptions(userId: string) {
  return queryOptions({ queryKey: notificationKeys.unread(userId), queryFn: getUnreadCount });
}

/** Marks these notifications read, or all of them without ids; returns how many changed. */
export async function markRead(ids?: string[]): Promise<number> {
  const { data, error } = await supabase.rpc("mark_notifications_read", ids ? { ids } : {});
  if (error) throw error;
  return data;
}
