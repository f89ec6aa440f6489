import type { Database } from "@/lib/database.types";

type Events = Database["public"]["Tables"]["events"]["Row"];
type Types = Database["public"]["Tables"]["ticket_types"]["Row"];

/** What the ticket box reads of the event: the event page's own data (EVENT_TICKET_COLUMNS, decision 0290). */
export type TicketBoxEvent = Pick<
  Events,
  "id" | "slug" | "status" | "cancel_reason" | "starts_at" | "ends_at" | "timezone" | "currency" | "waitlist_enabled"
> & {
  event_stats: { spots_left: number | null } | null;
  ticket_types: Pick<
    Types,
    | "id" | "name" | "description" | "price" | "quantity" | "sales_start_at" | "sales_end_at" | "min_per_order"
    | "max_per_order" | "hidden" | "sort_order" | "sold_count" | "held_count"
  >[];
};
