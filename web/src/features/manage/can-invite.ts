import type { ManagedEvent } from "./api/get-managed-event";

type Invitable = Pick<ManagedEvent, "status" | "visibility" | "starts_at" | "rsvp_closes_at">;

/**
 * Whether the dashboard offers "Invite people": the rules of private.require_invitable_event
 * (decision 0305) as the page can see them — a published event still taking RSVPs, not a
 * members-only one (its group's members are invited to the group instead). The dashboard is
 * shown to hosts and co-hosts only, which the procedures require too; they have the last word.
 */
export function canInviteTo(event: Invitable, now: number = Date.now()): boolean {
  if (event.status !== "published" || event.visibility === "members") return false;
  return now < Date.parse(event.rsvp_closes_at ?? event.starts_at);
}
