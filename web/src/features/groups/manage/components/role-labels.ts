import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { GroupRole } from "../api/managed-group";

export const ROLE_LABEL: Record<GroupRole, MessageDescriptor> = {
  organizer: msg({ message: "Organizer", comment: "A role in a group" }),
  co_organizer: msg({ message: "Co-organizer", comment: "A role in a group" }),
  event_organizer: msg({ message: "Event organizer", comment: "A role in a group" }),
  member: msg({ message: "Member", comment: "A role in a group" }),
};

/**
 * The roles I may give someone (decision 0100): co-organizers cannot make or unmake organizers,
 * and an organizer's row is not theirs to change at all.
 */
export function assignableRoles(target: GroupRole, iAmOrganizer: boolean): GroupRole[] | null {
  if (target === "organizer" && !iAmOrganizer) return null;
  return iAmOrganizer ? ["organizer", "co_organizer", "event_organizer", "member"] : ["co_organizer", "event_organizer", "member"];
}
