import { supabase } from "@/lib/supabase";

/** What check_in() and check_in_ticket() return (private.check_in_rsvp in the migrations). */
export type CheckInSuccess = {
  rsvp_id: string;
  event_id: string;
  user_id: string;
  username: string;
  display_name: string;
  guests: number;
  checked_in_at: string;
  /** A paid ticket's own id (check_in_ticket on a paid ticket's code, check_in_order_ticket). */
  ticket_id?: string;
};

/** Checks in a guest found by name on the list. */
export async function checkInGuest(eventId: string, userId: string): Promise<CheckInSuccess> {
  const { data, error } = await supabase.rpc("check_in", { event_id: eventId, user_id: userId });
  if (error) throw error;
  return data as unknown as CheckInSuccess;
}

/** Checks in whoever holds this ticket code (scanned or typed). */
export async function checkInTicket(code: string): Promise<CheckInSuccess> {
  const { data, error } = await supabase.rpc("check_in_ticket", { code });
  if (error) throw error;
  return data as unknown as CheckInSuccess;
}

/** Takes back a check-in tapped by mistake: the guest is on the list as not arrived again. */
export async function undoCheckIn(eventId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc("undo_check_in", { event_id: eventId, user_id: userId });
  if (error) throw error;
}

/** The same for a paid ticket, which is checked in by its own code rather than its holder's RSVP. */
export async function undoTicketCheckIn(ticketId: string): Promise<void> {
  const { error } = await supabase.rpc("undo_ticket_check_in", { ticket_id: ticketId });
  if (error) throw error;
}
