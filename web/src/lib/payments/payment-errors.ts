import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { errorCode, errorMessage } from "@/lib/errors";
import { currencyExponent, formatMoney } from "@/lib/money/money";

// The paid-ticket codes of the payment procedures and functions (decision 0280) in the member's
// language. The screens that sell, buy, refund and set up tickets say their errors with
// paymentErrorMessage(); error-messages.ts, which every page loads after its first paint, keeps
// only the two codes a free event's screens can meet.

type Translate = MessageDescriptor | ((message: string) => string | undefined);

function parsed(re: RegExp, render: (...groups: string[]) => string): Translate {
  return (message) => {
    const m = re.exec(message);
    return m ? render(...m.slice(1)) : undefined;
  };
}

/** "0.50 EUR", "50 JPY" (private.format_amount) in the member's way of writing money. */
function amountIn(text: string): string {
  const [, amount = "", currency = ""] = /([0-9]+(?:\.[0-9]+)?) ([A-Z]{3})/.exec(text) ?? [];
  return currency ? formatMoney(Math.round(Number(amount) * 10 ** currencyExponent(currency)), currency) : text;
}

const PAID_TICKETS: Record<string, Translate> = {
  amount_too_small: (message) => {
    const amount = amountIn(message);
    return t`A payment must be at least ${amount}.`;
  },
  connect_disabled: msg`Payments go to this site's own Stripe account: there is nothing to connect.`,
  currency_locked: msg`The currency cannot change once tickets have been ordered.`,
  event_ended: msg`This event has ended.`,
  invalid_currency: msg`Choose a currency from the list.`,
  invalid_holder_name: msg`A name can be at most 120 characters long.`,
  invalid_items: msg`Choose at least one ticket.`,
  invalid_offer_hours: msg`A waitlist offer stays open 1 to 168 hours.`,
  invalid_order_limits: msg`Tickets per order: a minimum of at least 1 and a maximum of at most 100, not below the minimum.`,
  invalid_price: (message) =>
    message.includes("multiples of 10")
      ? t`Prices in this currency must be multiples of 10 in its smallest unit.`
      : t`A price must be 0 (free) or a positive amount.`,
  invalid_promo_code: (message) =>
    message.startsWith("A promo code is")
      ? t`A promo code is 1 to 40 letters, digits, - or _.`
      : message.startsWith("A promo code takes off")
        ? t`A promo code takes off a percentage (1 to 100) or an amount, not both.`
        : message.startsWith("A promo code applies")
          ? t`A promo code applies to ticket types of its own event.`
          : t`This code is not valid for this event.`,
  invalid_quantity: (message) => {
    const [, min = "", max = "", name = ""] = /^Choose between (\d+) and (\d+) tickets of "(.*)"\.$/s.exec(message) ?? [];
    if (name) return t`Choose between ${min} and ${max} tickets of "${name}".`;
    return message.startsWith("The quantity") ? t`The quantity must be empty (only the capacity limits it) or 1 to 100,000.` : undefined;
  },
  invalid_refund: msg`Choose tickets of this order that are still valid.`,
  invalid_refund_amount: (message) => {
    const amount = amountIn(message.replace(/^.* to /, ""));
    return t`A refund can be at most ${amount}.`;
  },
  invalid_refund_policy: msg`Refunds can be offered until 0 to 365 days before the start.`,
  invalid_sales_window: msg`Sales must end after they start.`,
  invalid_ticket_type: (message) =>
    message.startsWith("A ticket type needs a name")
      ? t`A ticket type needs a name of 1 to 80 characters.`
      : message.includes("description")
        ? t`A ticket type's description can be at most 2,000 characters long.`
        : message.includes("access code")
          ? t`An access code can be at most 40 characters long.`
          : undefined,
  not_on_waitlist: msg`You're not on this event's waitlist.`,
  not_refundable: msg`Only paid orders can be refunded.`,
  order_not_found: msg`This order does not exist or is not yours.`,
  payments_not_ready: msg`This event cannot take payments yet: its organizers have not finished connecting Stripe.`,
  promo_code_expired: msg`This code has expired.`,
  promo_code_not_applicable: msg`This code does not apply to the tickets you chose.`,
  promo_code_taken: msg`This event already has that promo code.`,
  promo_code_used_up: msg`This code has been used as often as it may be.`,
  refund_not_allowed: (message) =>
    message.includes("part of a ticket")
      ? t`Only the event's team can refund a part of a ticket.`
      : t`This event's refund policy does not allow a refund now.`,
  sales_ended: parsed(/^Sales of "(.*)" have ended\.$/s, (name) => t`Sales of "${name}" have ended.`),
  sales_not_started: parsed(/^Sales of "(.*)" have not started yet\.$/s, (name) => t`Sales of "${name}" have not started yet.`),
  sold_out: (message) => {
    const [, name = ""] = /^Sold out: not enough "(.*)" tickets left\.$/s.exec(message) ?? [];
    return name ? t`Sold out: not enough "${name}" tickets left.` : t`Sold out: not enough tickets left.`;
  },
  ticket_not_paid: msg`This ticket was never paid for.`,
  ticket_refunded: msg`This ticket was refunded.`,
  ticket_type_in_use: msg`Tickets of this type have been ordered: hide it instead.`,
  ticket_type_not_found: msg`This ticket type does not exist.`,
  tickets_available: msg`Tickets are still available: buy them instead.`,
  too_many_ticket_types: msg`An event can have at most 20 ticket types.`,
  unavailable: msg`The payment service didn't answer. Try again in a moment.`,
  waitlist_closed: msg`This event has no waitlist.`,
};

/** The translation of a paid-ticket code, or undefined for another code. */
export function translatePaymentError(code: string, message: string): string | undefined {
  const entry = PAID_TICKETS[code];
  if (!entry) return undefined;
  return typeof entry === "function" ? entry(message) : i18n._(entry);
}

/** errorMessage() for the paid-ticket screens: their codes first, then the app's own. */
export function paymentErrorMessage(error: unknown, fallback?: string): string {
  const code = errorCode(error);
  const message = (error as { message?: unknown } | null)?.message;
  return (code && translatePaymentError(code, typeof message === "string" ? message.trim() : "")) || errorMessage(error, fallback);
}
