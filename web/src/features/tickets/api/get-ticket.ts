import { queryOptions } from "@tanstack/react-query";
import { errorCode } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";

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

/** The ticket, or null when there is none the viewer may see. */
export async function getTicket(rsvpId: string): Promise<Ticket | null> {
  const { data, error } = await supabase.rpc("my_ticket", { rsvp_id: rsvpId });
  if (error) {
    if (errorCode(error) === "ticket_not_found" || errorCode(error) === "22P02") return null;
    throw error;
  }
  return data as unknown as Ticket;
}

export function ticketOptions(rsvpId: string) {
  return queryOptions({ queryKey: ticketKeys.detail(rsvpId), queryFn: () => getTicket(rsvpId) });
}
