import type { EventQuestion } from "@/components/questions/answer-form";
import type { Database } from "@/lib/database.types";
import { callFunction } from "@/lib/payments/call-function";
import { supabase } from "@/lib/supabase";
import type { Promo } from "../cart";

// The ticket box's calls: the checkout function (holds the seats and answers Stripe's page), and
// the database's procedures for codes, hidden types and the waitlist (decision 0280).

export type TicketQuestion = EventQuestion & { asked_per: "order" | "ticket" };
export type TicketType = Database["public"]["Tables"]["ticket_types"]["Row"];
export type WaitlistEntry = Pick<
  Database["public"]["Tables"]["ticket_waitlist"]["Row"],
  "id" | "ticket_type_id" | "quantity" | "status" | "offer_expires_at" | "position"
>;

export async function getTicketQuestions(eventId: string): Promise<TicketQuestion[]> {
  const { data, error } = await supabase
    .from("event_questions")
    .select("id, position, kind, label, required, options, asked_per")
    .eq("event_id", eventId)
    .order("position");
  if (error) throw error;
  return data as TicketQuestion[];
}

export type CheckoutRequest = {
  event_id: string;
  items: { ticket_type_id: string; quantity: number }[];
  promo_code?: string;
  access_code?: string;
  answers?: Record<string, unknown>;
  ticket_answers?: Record<string, unknown>[];
};

/** Holds the seats and starts Stripe Checkout: `url` is Stripe's page (or the order's, when free). */
export function startCheckout(request: CheckoutRequest): Promise<{ url: string; order_id: string }> {
  return callFunction("checkout", request);
}

export async function checkPromoCode(eventId: string, code: string): Promise<Promo> {
  const { data, error } = await supabase.rpc("check_promo_code", { event_id: eventId, code: code.trim() });
  if (error) throw error;
  return data as unknown as Promo;
}

/** The hidden types an access code unlocks (none when the code unlocks nothing). */
export async function unlockTicketTypes(eventId: string, code: string): Promise<TicketType[]> {
  const { data, error } = await supabase.rpc("unlock_ticket_types", { event_id: eventId, access_code: code.trim() });
  if (error) throw error;
  return data ?? [];
}

/** Gives a checkout up (Stripe's "back"): its seats go back at once. */
export async function cancelCheckout(orderId: string): Promise<void> {
  const { error } = await supabase.rpc("cancel_checkout", { order_id: orderId });
  if (error) throw error;
}

/** The member's live place in the event's ticket waitlist, if any. */
export async function getMyWaitlistEntry(eventId: string, userId: string): Promise<WaitlistEntry | null> {
  const { data, error } = await supabase
    .from("ticket_waitlist")
    .select("id, ticket_type_id, quantity, status, offer_expires_at, position")
    .eq("event_id", eventId)
    .eq("user_id", userId)
    .in("status", ["waiting", "offered", "claimed"])
    .maybeSingle();
  if (error) throw error;
  return data;
}

export async function joinTicketWaitlist(ticketTypeId: string, quantity: number): Promise<void> {
  const { error } = await supabase.rpc("join_ticket_waitlist", { ticket_type_id: ticketTypeId, quantity });
  if (error) throw error;
}

export async function leaveTicketWaitlist(eventId: string): Promise<void> {
  const { error } = await supabase.rpc("leave_ticket_waitlist", { event_id: eventId });
  if (error) throw error;
}
