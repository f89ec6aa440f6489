import type { User } from "@supabase/supabase-js";
import type { EventDetail } from "../api/get-event";
import { teamRole } from "../components/event-team-links";

/**
 * Whether the viewer may hide and restore comments on this event: its host and co-hosts, and
 * site admins (product.md §6). Only decides which buttons to show; the database decides the rest.
 */
export function canModerate(event: Pick<EventDetail, "host_id" | "event_hosts">, user: User | null): boolean {
  return teamRole(event, user) === "manager";
}
