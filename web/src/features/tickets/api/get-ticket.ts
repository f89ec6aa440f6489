import { queryOptions } from "@tanstack/react-query";
import { errorCode } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";
import { isNetworkFailure, savedTicket, saveTicket } from "./saved-tickets";

/** What my_ticket() returns (supabase/migrations/…_tickets.sql). */
export type Ticket = {
  rsvp_id: string;
  code: string;
  event_id: string;
  slug: string;
  title: string;
  starts_at: string;
  ends_at: string;
  timezone: string;
  venue_name: string | null;
  address: string | null;
  is_online: boolean;
  event_status: "draft" | "published" | "cancelled";
  user_id: string;
  username: string;
  display_name: string;
  guests: number;
  status: "going" | "waitlisted" | "pending" | "declined" | "cancelled";
  checked_in_at: string | null;
};

export const ticketKeys = {
  // Under `events`: an RSVP or check-in change elsewhere marks the ticket stale too.
  detail: (rsvpId: string) => [...queryRoots.events, "ticket", rsvpId] as const,
};

/** A ticket, and when it is the device's saved copy (no network), when that copy was saved. */
export type TicketResult = Ticket & { offlineSince?: string };

/**
 * The ticket, or null when there is none the viewer may see. Each answer is saved on the
 * device; without a network the saved copy of this member's ticket is shown instead.
 */
export async function getTicket(rsvpId: string, userId: string): Promise<TicketResult | null> {
  const { data, error } = await supabase.rpc("my_ticket", { rsvp_id: rsvpId });
  if (error) {
    if (errorCode(error) === "ticket_not_found" || errorCode(error) === "22P02") return null;
    const saved = isNetworkFailure(error) ? savedTicket(userId, rsvpId) : null;
    if (saved) return { ...saved.ticket, offlineSince: saved.savedAt };
    throw error;
  }
  const ticket = data as unknown as Ticket;
  if (ticket.user_id === userId) saveTicket(ticket);
  return ticket;
}

export function ticketOptions(rsvpId: string, userId: string) {
  return queryOptions({
    queryKey: ticketKeys.detail(rsvpId),
    queryFn: () => getTicket(rsvpId, userId),
    // Run even when the browser says it is offline (React Query would pause), so the saved
    // copy shows at the door at once; and no retry on a failed network.
    networkMode: "always",
    retry: (count, error) => !isNetworkFailure(error) && count < 1,
  });
}
