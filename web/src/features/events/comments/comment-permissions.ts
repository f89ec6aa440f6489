import { canManageEvent, eventTeamRole, type EventTeam } from "@/lib/auth/event-team";

/**
 * Whether the viewer may hide and restore comments on this event: its host and co-hosts, and
 * site admins (product.md §6). Only decides which buttons to show; the database decides the rest.
 */
export function canModerate(event: EventTeam, userId: string | undefined, isAdmin: boolean): boolean {
  return canManageEvent(eventTeamRole(event, userId, isAdmin));
}
