// What the team can still refund of an order, as request_refund() counts it (decision 0283):
// valid tickets not already in a refund on its way, and the amount not yet refunded or asked for.
import type { SalesOrder } from "./api/sales-api";

const OPEN = new Set(["requested", "pending", "succeeded"]);

export function openTickets(order: Pick<SalesOrder, "tickets" | "order_refunds">): SalesOrder["tickets"] {
  const taken = new Set(order.order_refunds.filter((r) => OPEN.has(r.status)).flatMap((r) => r.ticket_ids));
  return order.tickets.filter((t) => t.status === "valid" && !taken.has(t.id)).sort((a, b) => a.position - b.position);
}

export function leftToRefund(order: Pick<SalesOrder, "amount_total" | "amount_refunded" | "order_refunds">): number {
  const asked = order.order_refunds.filter((r) => OPEN.has(r.status)).reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, order.amount_total - Math.max(order.amount_refunded, asked));
}

export function canRefund(order: SalesOrder): boolean {
  return (order.status === "paid" || order.status === "partially_refunded") && leftToRefund(order) > 0;
}
