import { describe, expect, it } from "vitest";
import { cartTotals, checkoutItems, quantityChoices, seats, unitDiscount, type CartType, type Promo } from "./cart";
import { saleState, seatsLeft } from "./availability";

const general: CartType = { id: "g", name: "General", price: 1500, min_per_order: 1, max_per_order: 10 };
const student: CartType = { id: "s", name: "Student", price: 999, min_per_order: 1, max_per_order: 4 };
const promo = (p: Partial<Promo>): Promo => ({ code: "SAVE", percent_off: null, amount_off: null, ticket_type_ids: null, ...p });

describe("the ticket box's cart (priced as start_checkout prices it)", () => {
  it("adds up the chosen types, in the types' order, without a code", () => {
    const totals = cartTotals([general, student], { s: 2, g: 1 }, null, "EUR");
    expect(totals.lines.map((l) => [l.type.id, l.quantity, l.total])).toEqual([["g", 1, 1500], ["s", 2, 1998]]);
    expect(totals).toMatchObject({ tickets: 3, subtotal: 3498, discount: 0, total: 3498, promoUnused: false });
  });

  it("takes a percentage off each ticket, rounded half up to the minor unit", () => {
    // 15% of 999 = 149.85 → 150 off each student ticket.
    expect(unitDiscount(student, promo({ percent_off: 15 }), "EUR")).toBe(150);
    expect(cartTotals([student], { s: 2 }, promo({ percent_off: 15 }), "EUR")).toMatchObject({ subtotal: 1998, discount: 300, total: 1698 });
  });

  it("takes a fixed amount off, never below free", () => {
    expect(unitDiscount(general, promo({ amount_off: 500 }), "EUR")).toBe(500);
    expect(unitDiscount(student, promo({ amount_off: 5000 }), "EUR")).toBe(999);
    expect(cartTotals([student], { s: 1 }, promo({ amount_off: 5000 }), "EUR").total).toBe(0);
  });

  it("applies a code to its own types only, and says when it fits none of the chosen tickets", () => {
    const onlyStudents = promo({ percent_off: 50, ticket_type_ids: ["s"] });
    const both = cartTotals([general, student], { g: 1, s: 1 }, onlyStudents, "EUR");
    expect(both.lines.map((l) => l.unitDiscount)).toEqual([0, 500]);
    expect(both.promoUnused).toBe(false);
    expect(cartTotals([general, student], { g: 2 }, onlyStudents, "EUR")).toMatchObject({ discount: 0, promoUnused: true });
    // Nothing chosen yet: nothing to say about the code.
    expect(cartTotals([general], {}, onlyStudents, "EUR").promoUnused).toBe(false);
  });

  it("rounds a three-decimal currency's discount to multiples of 10, and leaves zero-decimal amounts whole", () => {
    const kwd: CartType = { ...general, price: 1250 }; // 1.250 KWD
    expect(unitDiscount(kwd, promo({ percent_off: 33 }), "KWD")).toBe(410); // 412.5 → 413 → 410
    const jpy: CartType = { ...general, price: 999 }; // ¥999
    expect(unitDiscount(jpy, promo({ percent_off: 10 }), "JPY")).toBe(100); // 99.9 → 100
  });

  it("offers none, or the type's minimum up to its maximum and what is left", () => {
    expect(quantityChoices({ min_per_order: 2, max_per_order: 4 }, null)).toEqual([0, 2, 3, 4]);
    expect(quantityChoices({ min_per_order: 1, max_per_order: 10 }, 3)).toEqual([0, 1, 2, 3]);
    // Fewer left than the minimum: the type cannot be bought.
    expect(quantityChoices({ min_per_order: 2, max_per_order: 10 }, 1)).toEqual([0]);
  });

  it("asks the checkout for the chosen types only, and numbers the seats as the database does", () => {
    expect(checkoutItems([general, student], { g: 0, s: 2 })).toEqual([{ ticket_type_id: "s", quantity: 2 }]);
    expect(seats([general, student], { s: 1, g: 2 }).map((s) => `${s.number}:${s.typeName}`)).toEqual(["1:General", "2:General", "3:Student"]);
  });
});

describe("what the ticket box says before checkout", () => {
  const event = { starts_at: "2030-06-01T18:00:00Z", ends_at: "2030-06-01T21:00:00Z" };
  const open = { sales_start_at: null, sales_end_at: null };

  it("sells from the sales start until the sales end, else until the event starts", () => {
    expect(saleState({ ...open, sales_start_at: "2030-05-01T00:00:00Z" }, event, new Date("2030-04-30T00:00:00Z"))).toBe("upcoming");
    expect(saleState(open, event, new Date("2030-05-31T00:00:00Z"))).toBe("on_sale");
    expect(saleState(open, event, new Date("2030-06-01T18:00:00Z"))).toBe("ended");
    expect(saleState({ ...open, sales_end_at: "2030-05-20T00:00:00Z" }, event, new Date("2030-05-21T00:00:00Z"))).toBe("ended");
  });

  it("counts the seats left as the smaller of the type's stock and the event's capacity", () => {
    expect(seatsLeft({ quantity: 10, sold_count: 6, held_count: 2 }, null)).toBe(2);
    expect(seatsLeft({ quantity: 10, sold_count: 0, held_count: 0 }, 3)).toBe(3);
    expect(seatsLeft({ quantity: null, sold_count: 5, held_count: 0 }, undefined)).toBeNull();
    expect(seatsLeft({ quantity: 5, sold_count: 5, held_count: 1 }, 20)).toBe(0);
  });
});
