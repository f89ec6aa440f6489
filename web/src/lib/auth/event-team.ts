import type { Database } from "@/lib/database.types";

export type HostRole = Database["public"]["Enums"]["host_role"];

/** What an event says about its team: its owner and the event_hosts rows the viewer may see. */
export type EventTeam = { host_id: string; event_hosts: { user_id: string; role: HostRole }[] };

/**
 * The viewer's role on an event's team (product.md §6); site admins count as hosts. `isAdmin`
 * comes from the access token (useIsAdmin), where row-level security reads it too. This only
 * decides which screens and buttons to show; the database has the last word.
 */
export function eventTeamRole(event: EventTeam, userId: string | undefined, isAdmin: boolean): HostRole | null {
  if (!userId) return null;
  if (event.host_id === userId) return "host";
  const own = event.event_hosts.find((h) => h.user_id === userId)?.role;
  if (own) return own;
  return isAdmin ? "host" : null;
}

/** Edit, manage RSVPs, hide comments, message attendees. */
export const canManageEvent = (role: HostRole | null): boolean => role === "host" || role === "cohost";
/** Check attendees in. */
export const canCheckIn = (role: HostRole | null): boolean => role !== null;
