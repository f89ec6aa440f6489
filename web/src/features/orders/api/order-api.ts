import { queryOptions } from "@tanstack/react-query";
import type { OrderStatus } from "@/components/payments/order-status-badge";
import { errorCode } from "@/lib/errors";
import { callFunction } from "@/lib/payments/call-function";
import { queryRoots } from "@/lib/query-keys";
import { supabase, supabaseUrl } from "@/lib/supabase";

export type TicketStatus = "held" | "valid" | "refunded" | "released";
export type RefundStatus = "requested" | "pending" | "succeeded" | "failed" | "canceled";

/** What order_details() answers (migration 20261129200500): the buyer gets each valid ticket's code. */
export type OrderDetails = {
  order_id: string;
  status: OrderStatus;
  currency: string;
  amount_subtotal: number;
  amount_discount: number;
  amount_total: number;
  amount_refunded: number;
  promo_code: string | null;
  expires_at: string | null;
  paid_at: string | null;
  created_at: string;
  items: { ticket_type_id: string; name: string; unit_price: number; unit_discount: number; unit_amount: number; quantity: number; amount_total: number }[];
  tickets: {
    id: string; ticket_type_id: string; name: string; position: number; status: TicketStatus; holder_name: string;
    amount: number; checked_in_at: string | null; code: string | null;
  }[];
  event: {
    id: string; slug: string; title: string; starts_at: string; ends_at: string; timezone: string; venue_name: string | null;
    address: string | null; status: "draft" | "published" | "cancelled"; refund_policy: "none" | "until"; refund_days_before: number;
  };
  refundable_until: string | null;
  refunds: { id: string; amount: number; status: RefundStatus; reason: string; ticket_ids: string[]; created_at: string }[];
};

export const orderKeys = {
  // Under `events`: a check-in or a change elsewhere marks the order stale too.
  detail: (orderId: string) => [...queryRoots.events, "order", orderId] as const,
};

/** The order, or null when there is none the viewer may see. */
export async function getOrder(orderId: string): Promise<OrderDetails | null> {
  const { data, error } = await supabase.rpc("order_details", { order_id: orderId });
  if (error) {
    if (errorCode(error) === "order_not_found" || errorCode(error) === "22P02") return null;
    throw error;
  }
  return data as unknown as OrderDetails;
}

export function orderOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => getOrder(orderId),
    // While Stripe's webhook is on its way the page asks again, besides listening (use-live-order).
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 2000 : false),
  });
}

/** The buyer names a ticket's holder (until the event ends). */
export async function saveHolderName(ticketId: string, holderName: string): Promise<void> {
  const { error } = await supabase.from("tickets").update({ holder_name: holderName }).eq("id", ticketId);
  if (error) throw error;
}

export type RefundResult = { refund_id: string | null; amount: number; status: RefundStatus | "requested"; order_status: OrderStatus | null };

/** Asks for a refund of these tickets (the buyer, within the event's policy) through the refund-order function. */
export function requestRefund(orderId: string, ticketIds: string[]): Promise<RefundResult> {
  return callFunction("refund-order", { order_id: orderId, ticket_ids: ticketIds });
}

/** The wallet-pass function's link for a ticket (its code is the credential: decision 0285). */
export function walletPassUrl(code: string, kind: "apple" | "google"): string {
  return `${supabaseUrl}/functions/v1/wallet-pass?${new URLSearchParams({ code, kind })}`;
}
