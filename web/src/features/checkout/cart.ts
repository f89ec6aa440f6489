// The buyer's choice on the event page, priced as start_checkout prices it (migration
// 20261129200500): a promo code takes its percentage or amount off each ticket of the types it
// applies to (never below 0; percentages rounded half up to the minor unit; three-decimal
// currencies to multiples of 10), so what the page shows before "Checkout" is what Stripe then
// charges. The database prices the order again and has the last word.
import { currencyExponent } from "@/lib/money/money";

export type CartType = {
  id: string;
  name: string;
  price: number;
  min_per_order: number;
  max_per_order: number;
};

/** What check_promo_code answers for a usable code. */
export type Promo = {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  /** null: every ticket type of the event. */
  ticket_type_ids: string[] | null;
};

export type Quantities = Record<string, number>;

export type CartLine = { type: CartType; quantity: number; unitDiscount: number; unitAmount: number; total: number };

export type CartTotals = {
  lines: CartLine[];
  tickets: number;
  subtotal: number;
  discount: number;
  total: number;
  /** A code was given but applies to none of the chosen tickets (promo_code_not_applicable). */
  promoUnused: boolean;
};

/** What the code takes off one ticket of `type`. */
export function unitDiscount(type: CartType, promo: Promo | null, currency: string): number {
  if (!promo || (promo.ticket_type_ids && !promo.ticket_type_ids.includes(type.id))) return 0;
  let off = Math.min(type.price, promo.amount_off ?? Math.round((type.price * (promo.percent_off ?? 0)) / 100));
  if (currencyExponent(currency) === 3) off = Math.min(type.price, Math.round(off / 10) * 10);
  return off;
}

/** The lines (in the types' order), the number of tickets and the amounts. */
export function cartTotals(types: CartType[], quantities: Quantities, promo: Promo | null, currency: string): CartTotals {
  const lines: CartLine[] = [];
  for (const type of types) {
    const quantity = quantities[type.id] ?? 0;
    if (quantity <= 0) continue;
    const off = unitDiscount(type, promo, currency);
    lines.push({ type, quantity, unitDiscount: off, unitAmount: type.price - off, total: (type.price - off) * quantity });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.type.price * l.quantity, 0);
  const discount = lines.reduce((sum, l) => sum + l.unitDiscount * l.quantity, 0);
  const applies = promo !== null && lines.some((l) => !promo.ticket_type_ids || promo.ticket_type_ids.includes(l.type.id));
  return {
    lines,
    tickets: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotal,
    discount,
    total: subtotal - discount,
    promoUnused: promo !== null && lines.length > 0 && !applies,
  };
}

/** The quantities a buyer may pick for a type: none, or its minimum up to its maximum and what is left. */
export function quantityChoices(type: Pick<CartType, "min_per_order" | "max_per_order">, left: number | null): number[] {
  const most = Math.min(type.max_per_order, left ?? Infinity);
  const choices = [0];
  for (let n = type.min_per_order; n <= most; n++) choices.push(n);
  return choices;
}

/** checkout's `items`, in the types' order (the order the database numbers the seats in). */
export function checkoutItems(types: CartType[], quantities: Quantities): { ticket_type_id: string; quantity: number }[] {
  return types.filter((t) => (quantities[t.id] ?? 0) > 0).map((t) => ({ ticket_type_id: t.id, quantity: quantities[t.id]! }));
}

/** One entry per seat, in the order the database numbers them (for questions asked per ticket). */
export function seats(types: CartType[], quantities: Quantities): { key: string; typeName: string; number: number }[] {
  const out: { key: string; typeName: string; number: number }[] = [];
  for (const type of types) {
    for (let i = 0; i < (quantities[type.id] ?? 0); i++) out.push({ key: `${type.id}:${i}`, typeName: type.name, number: out.length + 1 });
  }
  return out;
}
