// What the event page can say about each ticket type before anyone checks out: on sale or not
// (its sales window, else until the event starts) and how many seats are left. The counts are
// the database's display counters (sold_count, held_count, event_stats.spots_left), refreshed
// live; start_checkout counts again under the event's lock and answers sold_out if they lagged.

export type SaleState = "upcoming" | "on_sale" | "ended";

type Window = { sales_start_at: string | null; sales_end_at: string | null };
type Stock = { quantity: number | null; sold_count: number; held_count: number };

export function saleState(type: Window, event: { starts_at: string; ends_at: string }, now: Date = new Date()): SaleState {
  if (type.sales_start_at && now < new Date(type.sales_start_at)) return "upcoming";
  const end = new Date(type.sales_end_at ?? event.starts_at);
  if (now >= end || now >= new Date(event.ends_at)) return "ended";
  return "on_sale";
}

/** Seats left for this type: its own stock and the event's capacity, whichever is smaller; null when neither limits it. */
export function seatsLeft(type: Stock, spotsLeft: number | null | undefined): number | null {
  const own = type.quantity === null ? null : Math.max(0, type.quantity - type.sold_count - type.held_count);
  const event = spotsLeft ?? null;
  if (own === null) return event;
  return event === null ? own : Math.min(own, event);
}
