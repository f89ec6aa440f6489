import { describe, expect, it } from "vitest";
import type { OrderDetails } from "./api/order-api";
import { buyerRefundWindow, refundableTickets } from "./refund-rules";

type Ticket = OrderDetails["tickets"][number];
const ticket = (id: string, status: Ticket["status"] = "valid"): Ticket => ({
  id, ticket_type_id: "t", name: "General", position: Number(id), status, holder_name: "", amount: 1500, checked_in_at: null, code: null,
});
const refund = (ticketIds: string[], status: OrderDetails["refunds"][number]["status"]): OrderDetails["refunds"][number] => ({
  id: `r${ticketIds.join("")}`, amount: 1500 * ticketIds.length, status, reason: "", ticket_ids: ticketIds, created_at: "2030-05-01T00:00:00Z",
});

function order(over: Partial<Pick<OrderDetails, "status" | "refundable_until" | "tickets" | "refunds">> & { policy?: "none" | "until"; cancelled?: boolean } = {}) {
  return {
    status: over.status ?? "paid",
    refundable_until: over.refundable_until === undefined ? "2030-05-25T18:00:00Z" : over.refundable_until,
    tickets: over.tickets ?? [ticket("1"), ticket("2")],
    refunds: over.refunds ?? [],
    event: {
      id: "e", slug: "e", title: "E", starts_at: "2030-06-01T18:00:00Z", ends_at: "2030-06-01T21:00:00Z", timezone: "UTC", venue_name: null,
      address: null, status: over.cancelled ? "cancelled" : "published", refund_policy: over.policy ?? "until", refund_days_before: 7,
    },
  } satisfies Pick<OrderDetails, "status" | "refundable_until" | "tickets" | "refunds" | "event">;
}

const before = new Date("2030-05-20T00:00:00Z");
const after = new Date("2030-05-26T00:00:00Z");

describe("a buyer's refund (as request_refund() decides it)", () => {
  it("is open for a paid order until the policy's date, and closed after it", () => {
    expect(buyerRefundWindow(order(), before)).toEqual({ open: true, until: "2030-05-25T18:00:00Z" });
    expect(buyerRefundWindow(order(), after).open).toBe(false);
  });

  it("is never open under a no-refunds policy, for an unpaid order, or for a cancelled event (refunded by the hosts)", () => {
    expect(buyerRefundWindow(order({ policy: "none" }), before)).toEqual({ open: false, until: null });
    expect(buyerRefundWindow(order({ status: "pending" }), before).open).toBe(false);
    expect(buyerRefundWindow(order({ cancelled: true }), before).open).toBe(false);
    expect(buyerRefundWindow(order({ status: "partially_refunded", tickets: [ticket("1", "refunded"), ticket("2")] }), before).open).toBe(true);
  });

  it("offers only valid tickets that no refund on its way has taken", () => {
    const o = order({ tickets: [ticket("1"), ticket("2"), ticket("3", "refunded"), ticket("4")], refunds: [refund(["2"], "pending"), refund(["4"], "failed")] });
    expect(refundableTickets(o).map((t) => t.id)).toEqual(["1", "4"]);
    // Everything taken already: nothing left to ask for.
    expect(buyerRefundWindow(order({ tickets: [ticket("1")], refunds: [refund(["1"], "requested")] }), before).open).toBe(false);
  });
});
