import { t } from "@lingui/core/macro";
import { orderStatusLabel } from "@/components/payments/order-status-badge";
import { csvText, localDateTime } from "@/lib/csv";
import { minorToInput } from "@/lib/money/money";
import type { OrderAnswer, SalesOrder } from "./api/sales-api";
import { keptFee } from "./sales-summary";

// The event's orders as a CSV file built in the browser (decision 0082, lib/csv.ts): one row per
// order, amounts as plain numbers in the currency's major unit (a spreadsheet sums them), times
// on the event's clock, then one column per question (a question asked per ticket lists each
// ticket's answer as "1: …; 2: …" by ticket number).

type Column = { key: string; label: string };

/** A stored answer as text: lists joined, a ticked box as "yes". */
export function answerCell(value: unknown, yes: string): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  if (value === true) return yes;
  return String(value);
}

/** The question columns, in the order asked (a removed question keeps its words). */
export function answerColumns(answers: OrderAnswer[]): Column[] {
  const columns = new Map<string, Column>();
  for (const a of [...answers].sort((x, y) => x.position - y.position)) {
    const key = a.question_id ?? `label:${a.label}`;
    if (!columns.has(key)) columns.set(key, { key, label: a.label });
  }
  return [...columns.values()];
}

export function ordersCsv(orders: SalesOrder[], answers: OrderAnswer[], timeZone: string): string {
  const yes = t({ message: "Yes", comment: "A ticked checkbox question's answer" });
  const columns = answerColumns(answers);
  const header = [
    t({ message: "Order", comment: "An orders CSV column: the order's id" }),
    t({ message: "Buyer", comment: "An orders CSV column" }),
    t({ message: "Username", comment: "An orders CSV column" }),
    t({ message: "Status", comment: "An orders CSV column" }),
    t({ message: `Paid at (${timeZone})`, comment: "An orders CSV column; the time zone in brackets" }),
    t({ message: "Tickets", comment: "An orders CSV column: how many valid tickets" }),
    t({ message: "Currency", comment: "An orders CSV column" }),
    t({ message: "Subtotal", comment: "An orders CSV column" }),
    t({ message: "Discount", comment: "An orders CSV column" }),
    t({ message: "Total", comment: "An orders CSV column" }),
    t({ message: "Platform fee", comment: "An orders CSV column" }),
    t({ message: "Refunded", comment: "An orders CSV column: the amount refunded" }),
    t({ message: "Promo code", comment: "An orders CSV column" }),
    ...columns.map((c) => c.label),
  ];
  const byOrder = new Map<string, OrderAnswer[]>();
  for (const a of answers) byOrder.set(a.order_id, [...(byOrder.get(a.order_id) ?? []), a]);
  const rows = orders.map((o) => {
    const money = (n: number) => minorToInput(n, o.currency);
    const positions = new Map(o.tickets.map((x) => [x.id, x.position]));
    const cells = new Map<string, string[]>();
    for (const a of byOrder.get(o.id) ?? []) {
      const key = a.question_id ?? `label:${a.label}`;
      const text = answerCell(a.value, yes);
      const cell = a.ticket_id ? `${positions.get(a.ticket_id) ?? "?"}: ${text}` : text;
      cells.set(key, [...(cells.get(key) ?? []), cell]);
    }
    return [
      o.id,
      o.buyer?.display_name ?? "",
      o.buyer?.username ?? "",
      orderStatusLabel(o.status),
      o.paid_at ? localDateTime(o.paid_at, timeZone) : "",
      o.tickets.filter((x) => x.status === "valid").length,
      o.currency,
      money(o.amount_subtotal),
      money(o.amount_discount),
      money(o.amount_total),
      money(keptFee(o)),
      money(o.amount_refunded),
      o.promo_code ?? "",
      ...columns.map((c) => (cells.get(c.key) ?? []).join("; ")),
    ];
  });
  return csvText([header, ...rows]);
}

/** "orders-board-game-friday-2026-11-25.csv" */
export function ordersFileName(slug: string, now: Date = new Date()): string {
  return `orders-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}
