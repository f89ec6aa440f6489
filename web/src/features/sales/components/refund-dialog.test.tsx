import { i18n } from "@lingui/core";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setActiveLocale } from "@/lib/i18n/active-locale";
import { messages as frenchSales } from "@/locales/fr/sales.po";
import { messages as frenchShell } from "@/locales/fr/shell.po";
import { activateEnglish } from "@/test/i18n";
import { render } from "@/test/render";
import type { SalesOrder, SalesTicket } from "../api/sales-api";
import { RefundDialog } from "./refund-dialog";

afterEach(activateEnglish);

const ticket = (position: number, holder_name: string): SalesTicket => ({
  id: `t${position}`, position, status: "valid", holder_name, ticket_type_id: "a", amount: 800, checked_in_at: null,
});
const order: SalesOrder = {
  id: "o", status: "paid", currency: "EUR", amount_subtotal: 2400, amount_discount: 0, amount_total: 2400, amount_fee: 0,
  amount_refunded: 0, promo_code: null, paid_at: null, created_at: "2026-11-29T10:00:00Z",
  buyer: { username: "grace", display_name: "Grace Hopper" },
  order_items: [{ ticket_type_id: "a", name: "Bench", unit_price: 800, unit_amount: 800, quantity: 3, amount_total: 2400 }],
  order_refunds: [],
  tickets: [ticket(1, "Ada Lovelace"), ticket(2, ""), ticket(3, "  ")],
};

function ticketLabels(): string[] {
  render(<RefundDialog order={order} open busy={false} onOpenChange={() => {}} onRefund={() => {}} />);
  fireEvent.click(screen.getAllByRole("radio")[1]!);
  // Each box's accessible name is its <label for>.
  return screen.getAllByRole("checkbox").map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? "");
}

describe("the refund dialog's tickets", () => {
  it("names each ticket's holder, or the buyer when nobody was named, with its place in the order", () => {
    expect(ticketLabels()).toEqual([
      "Ticket 1 of 3 · Ada Lovelace · €8.00",
      "Ticket 2 of 3 · Grace Hopper · €8.00",
      "Ticket 3 of 3 · Grace Hopper · €8.00",
    ]);
  });

  it("in French too", () => {
    i18n.load("fr", { ...frenchShell, ...frenchSales });
    i18n.activate("fr");
    setActiveLocale("fr"); // amounts in French too
    expect(ticketLabels()).toEqual([
      "Billet 1 sur 3 · Ada Lovelace · 8,00 €",
      "Billet 2 sur 3 · Grace Hopper · 8,00 €",
      "Billet 3 sur 3 · Grace Hopper · 8,00 €",
    ].map((s) => s.replace(" €", "\u00a0€")));
  });
});
