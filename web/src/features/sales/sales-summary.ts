// The sales dashboard's figures, computed from the orders as the team reads them (decision 0291):
// money counts once it is taken (paid, partly refunded or refunded; a delayed payment still
// settling is counted apart). Gross is what buyers were charged, refunds what went back, fees
// the platform's fee kept (Stripe gives the fee back in proportion to a refund: decision 0284),
// net what the organizer keeps before Stripe's own processing fees, which Gather does not see.
import { dayKeyInZone } from "@/lib/datetime";
import type { SalesOrder } from "./api/sales-api";

const TAKEN = new Set(["paid", "partially_refunded", "refunded"]);

export const moneyTaken = (o: Pick<SalesOrder, "status">) => TAKEN.has(o.status);

/** The platform fee the order still pays after its refunds. */
export function keptFee(o: Pick<SalesOrder, "amount_fee" | "amount_total" | "amount_refunded">): number {
  if (o.amount_total === 0) return 0;
  return o.amount_fee - Math.round((o.amount_fee * o.amount_refunded) / o.amount_total);
}

export type SalesTotals = { orders: number; tickets: number; gross: number; refunds: number; fees: number; net: number; processing: number };

export function salesTotals(orders: SalesOrder[]): SalesTotals {
  const totals: SalesTotals = { orders: 0, tickets: 0, gross: 0, refunds: 0, fees: 0, net: 0, processing: 0 };
  for (const o of orders) {
    if (o.status === "processing") totals.processing += o.amount_total;
    if (!moneyTaken(o)) continue;
    totals.orders += 1;
    totals.tickets += o.tickets.filter((t) => t.status === "valid").length;
    totals.gross += o.amount_total;
    totals.refunds += o.amount_refunded;
    totals.fees += keptFee(o);
  }
  totals.net = totals.gross - totals.refunds - totals.fees;
  return totals;
}

export type TypeSales = { ticketTypeId: string; name: string; valid: number; refunded: number; gross: number; refunds: number };

/** Per ticket type: tickets valid and refunded, what they were sold for, and what their refunds gave back. */
export function salesByType(orders: SalesOrder[]): TypeSales[] {
  const rows = new Map<string, TypeSales>();
  for (const o of orders) {
    if (!moneyTaken(o)) continue;
    for (const item of o.order_items) {
      if (!rows.has(item.ticket_type_id)) rows.set(item.ticket_type_id, { ticketTypeId: item.ticket_type_id, name: item.name, valid: 0, refunded: 0, gross: 0, refunds: 0 });
    }
    for (const t of o.tickets) {
      const row = rows.get(t.ticket_type_id);
      if (!row || (t.status !== "valid" && t.status !== "refunded")) continue;
      row.gross += t.amount;
      if (t.status === "valid") row.valid += 1;
      else {
        row.refunded += 1;
        row.refunds += t.amount;
      }
    }
  }
  return [...rows.values()];
}

export type DaySales = { day: string; orders: number; tickets: number; gross: number };

/** Per day of payment, on the event's clock, oldest first. */
export function salesByDay(orders: SalesOrder[], timeZone: string): DaySales[] {
  const days = new Map<string, DaySales>();
  for (const o of orders) {
    if (!moneyTaken(o)) continue;
    const day = dayKeyInZone(o.paid_at ?? o.created_at, timeZone);
    const row = days.get(day) ?? { day, orders: 0, tickets: 0, gross: 0 };
    row.orders += 1;
    row.tickets += o.tickets.filter((t) => t.status === "valid" || t.status === "refunded").length;
    row.gross += o.amount_total;
    days.set(day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
