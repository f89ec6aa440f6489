import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { manageKeys } from "./manage-keys";

type EventRow = Database["public"]["Tables"]["events"]["Row"];
export type HostRole = Database["public"]["Enums"]["host_role"];

export type ManagedEvent = Pick<
  EventRow,
  | "id" | "slug" | "title" | "starts_at" | "ends_at" | "timezone" | "status" | "capacity"
  | "requires_approval" | "waitlist_enabled" | "plus_ones_max" | "host_id"
> & {
  /** Everyone on the team the viewer may see (checkers only for the team itself). */
  event_hosts: { user_id: string; role: HostRole }[];
};

const COLUMNS = `id, slug, title, starts_at, ends_at, timezone, status, capacity, requires_approval,
  waitlist_enabled, plus_ones_max, host_id, event_hosts(user_id, role)`;

/** The event with this slug and its team, or null when the viewer may not see it. */
export async function getManagedEvent(slug: string): Promise<ManagedEvent | null> {
  const { data, error } = await supabase.from("events").select(COLUMNS).eq("slug", slug).maybeSingle();
  if (error) throw error;
  return data as ManagedEvent | null;
}

export function managedEventOptions(slug: string) {
  return queryOptions({ queryKey: manageKeys.event(slug), queryFn: () => getManagedEvent(slug) });
}

/** The viewer's role on the event's team, or null. Site admins count as hosts. */
export function viewerRole(event: ManagedEvent, userId: string | undefined, isAdmin: boolean): HostRole | null {
  const own = event.event_hosts.find((h) => h.user_id === userId)?.role ?? null;
  if (own) return own;
  return isAdmin ? "host" : null;
}

export const canManage = (role: HostRole | null) => role === "host" || role === "cohost";
export const canCheckIn = (role: HostRole | null) => role !== null;
