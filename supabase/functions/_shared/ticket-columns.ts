// What the event page and Discover's cards read of an event's paid tickets (issue 31, decision
// 0290), beside page-contract.ts's columns: the page head inlines the same select, so a paid
// event's page knows its ticket types (and a card its price) from the HTML on. Kept apart from
// page-contract.ts, which the app loads before its first paint: these are wanted only after it.
// Row-level security shows hidden types to the event's team only. Free of imports (Deno and Vite).

/** The event page's money settings and ticket types, appended to EVENT_PAGE_COLUMNS. */
export const EVENT_TICKET_COLUMNS = `currency, refund_policy, refund_days_before, ticket_offer_hours,
  ticket_types(id, name, description, price, quantity, sales_start_at, sales_end_at, min_per_order, max_per_order,
    hidden, sort_order, sold_count, held_count)`;

/** A card's price ("from €5"), appended to DISCOVER_CARD_COLUMNS and other lists of events. */
export const CARD_PRICE_COLUMNS = 'currency, ticket_types(price)';

/** The event page's whole select: the page's columns, then its tickets'. */
export function eventPageSelect(pageColumns: string): string {
  return `${pageColumns}, ${EVENT_TICKET_COLUMNS}`;
}

/** A list's select with the price of each event. */
export function withPrices(columns: string): string {
  return `${columns}, ${CARD_PRICE_COLUMNS}`;
}
