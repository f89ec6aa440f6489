import { queryOptions } from "@tanstack/react-query";
import type { HostRole } from "@/lib/auth/event-team";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { manageKeys } from "./manage-keys";

type EventRow = Database["public"]["Tables"]["events"]["Row"];

export type ManagedEvent = Pick<
  EventRow,
  | "id" | "slug" | "title" | "starts_at" | "ends_at" | "timezone" | "status" | "capacity"
  | "requires_approval" | "waitlist_enabled" | "plus_ones_max" | "host_id" | "visibility" | "rsvp_closes_at"
> & {
  /** Everyone on the team the viewer may see (checkers only for the team itself). */
  event_hosts: { user_id: string; role: HostRole }[];
};

const COLUMNS = `id, slug, title, starts_at, ends_at, timezone, status, capacity, requires_approval,
  waitlist_enabled, plus_ones_max, host_id, visibility, rsvp_closes_at, event_hosts(user_id, role)`;

/** The event with this slug and its team, or null when the viewer may not see it. */
export async function getManagedEvent(slug: string): Promise<ManagedEvent | null> {
  const { data, error } = await supabase.from("events").select(COLUMNS).eq("slug", slug).maybeSingle();
  if (error) throw error;
  return data as ManagedEvent | null;
}

export function managedEventOptions(slug: string) {
  return queryOptions({ queryKey: manageKeys.event(slug), queryFn: () => getManagedEvent(slug) });
}
