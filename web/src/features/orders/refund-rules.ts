// When a buyer may ask for their money back, as request_refund() decides it (decision 0283): a
// paid order of an event whose policy allows refunds until a number of days before the start,
// for whole tickets that are still valid and not already in a refund on its way. The page only
// offers what the database would accept; the database has the last word.
import type { OrderDetails } from "./api/order-api";

type Order = Pick<OrderDetails, "status" | "event" | "refundable_until" | "tickets" | "refunds">;

const OPEN = new Set(["requested", "pending", "succeeded"]);

/** The tickets a refund can still give back. */
export function refundableTickets(order: Pick<OrderDetails, "tickets" | "refunds">): OrderDetails["tickets"] {
  const taken = new Set(order.refunds.filter((r) => OPEN.has(r.status)).flatMap((r) => r.ticket_ids));
  return order.tickets.filter((t) => t.status === "valid" && !taken.has(t.id));
}

/** Whether the buyer may ask for a refund now, and until when. */
export function buyerRefundWindow(order: Order, now: Date = new Date()): { open: boolean; until: string | null } {
  const until = order.event.refund_policy === "until" ? order.refundable_until : null;
  const open =
    (order.status === "paid" || order.status === "partially_refunded") &&
    order.event.status !== "cancelled" &&
    until !== null &&
    now <= new Date(until) &&
    refundableTickets(order).length > 0;
  return { open, until };
}
