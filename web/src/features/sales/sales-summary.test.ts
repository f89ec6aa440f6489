import { describe, expect, it } from "vitest";
import type { SalesOrder, SalesTicket } from "./api/sales-api";
import { leftToRefund, openTickets } from "./refund-choice";
import { keptFee, salesByDay, salesByType, salesTotals } from "./sales-summary";
import { ordersCsv } from "./orders-csv";

const ticket = (id: string, type: string, amount: number, status: SalesTicket["status"] = "valid"): SalesTicket => ({
  id, position: Number(id.slice(1)), status, holder_name: "", ticket_type_id: type, amount, checked_in_at: null,
});

function order(id: string, over: Partial<SalesOrder>): SalesOrder {
  return {
    id, status: "paid", currency: "EUR", amount_subtotal: 0, amount_discount: 0, amount_total: 0, amount_fee: 0, amount_refunded: 0,
    promo_code: null, paid_at: "2030-05-01T22:30:00Z", created_at: "2030-05-01T22:00:00Z", buyer: { username: "grace", display_name: "Grace" },
    order_items: [], order_refunds: [], tickets: [], ...over,
  };
}

// Two tickets at €15 with a €1.50 fee, one of them refunded; one €10 student ticket; one order still settling; one expired.
const orders: SalesOrder[] = [
  order("o1", {
    status: "partially_refunded", amount_subtotal: 3000, amount_total: 3000, amount_fee: 150, amount_refunded: 1500,
    order_items: [{ ticket_type_id: "g", name: "General", unit_price: 1500, unit_amount: 1500, quantity: 2, amount_total: 3000 }],
    tickets: [ticket("t1", "g", 1500), ticket("t2", "g", 1500, "refunded")],
    order_refunds: [{ id: "r1", amount: 1500, status: "succeeded", reason: "by_host", ticket_ids: ["t2"], created_at: "2030-05-03T10:00:00Z" }],
  }),
  order("o2", {
    amount_subtotal: 1000, amount_total: 1000, paid_at: "2030-05-02T09:00:00Z", promo_code: "HALF",
    order_items: [{ ticket_type_id: "s", name: "Student", unit_price: 1000, unit_amount: 1000, quantity: 1, amount_total: 1000 }],
    tickets: [ticket("t3", "s", 1000)],
  }),
  order("o3", { status: "processing", amount_total: 2000, tickets: [ticket("t4", "g", 2000, "held")] }),
  order("o4", { status: "expired", amount_total: 5000, tickets: [ticket("t5", "g", 5000, "released")] }),
];

describe("the sales dashboard's figures", () => {
  it("counts money once taken: gross, refunds, the fee kept after refunds, net; settling payments apart", () => {
    expect(keptFee(orders[0]!)).toBe(75); // half the order refunded: half the fee given back
    expect(salesTotals(orders)).toEqual({ orders: 2, tickets: 2, gross: 4000, refunds: 1500, fees: 75, net: 2425, processing: 2000 });
  });

  it("splits sales by ticket type and by day on the event's clock", () => {
    expect(salesByType(orders)).toEqual([
      { ticketTypeId: "g", name: "General", valid: 1, refunded: 1, gross: 3000, refunds: 1500 },
      { ticketTypeId: "s", name: "Student", valid: 1, refunded: 0, gross: 1000, refunds: 0 },
    ]);
    // 22:30 UTC on 1 May is already 2 May in Tokyo.
    expect(salesByDay(orders, "Europe/Lisbon").map((d) => [d.day, d.gross])).toEqual([["2030-05-01", 3000], ["2030-05-02", 1000]]);
    expect(salesByDay(orders, "Asia/Tokyo").map((d) => [d.day, d.orders])).toEqual([["2030-05-02", 2]]);
  });

  it("lets the team refund what is left: valid tickets, and the amount not yet refunded or on its way", () => {
    expect(openTickets(orders[0]!).map((t) => t.id)).toEqual(["t1"]);
    expect(leftToRefund(orders[0]!)).toBe(1500);
    const asked = { ...orders[1]!, order_refunds: [{ id: "r2", amount: 400, status: "pending", reason: "by_host", ticket_ids: [], created_at: "" }] };
    expect(leftToRefund(asked)).toBe(600);
  });

  it("writes the orders CSV with amounts in the major unit and each question's answers", () => {
    const csv = ordersCsv(orders.slice(0, 2), [
      { order_id: "o1", ticket_id: "t1", question_id: "q1", position: 1, label: "Diet", value: "vegan" },
      { order_id: "o1", ticket_id: "t2", question_id: "q1", position: 1, label: "Diet", value: "none" },
      { order_id: "o2", ticket_id: null, question_id: "q1", position: 1, label: "Diet", value: ["gluten", "nuts"] },
    ], "Europe/Lisbon");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Order,Buyer,Username,Status,Paid at \(Europe\/Lisbon\),Tickets,Currency,Subtotal,Discount,Total,Platform fee,Refunded,Promo code,Diet$/);
    expect(lines[1]).toContain(",Partly refunded,");
    expect(lines[1]).toMatch(/,1,EUR,30\.00,0\.00,30\.00,0\.75,15\.00,,"?1: vegan; 2: none"?$/);
    expect(lines[2]).toMatch(/,EUR,10\.00,0\.00,10\.00,0\.00,0\.00,HALF,"gluten, nuts"$/);
  });
});
