import { t } from "@lingui/core/macro";
import { formatMoney } from "@/lib/money/money";
import type { EventCardData } from "../api/search-events";

/**
 * What a ticket costs, as a card says it: "Free", "From €5" (the cheapest ticket on sale, in the
 * event's currency and the language on screen), "Sold out", or nothing while no ticket is on sale.
 * The page head's first screen says the same (first-screen/discover.ts).
 */
export function priceLabel(event: Pick<EventCardData, "price_from" | "currency" | "tickets_sold_out">): string | null {
  if (event.tickets_sold_out) return t`Sold out`;
  if (event.price_from == null) return null;
  if (event.price_from === 0) return t`Free`;
  const price = formatMoney(event.price_from, event.currency, { trimWhole: true });
  return t`From ${price}`;
}
