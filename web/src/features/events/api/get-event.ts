import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { eventKeys } from "./event-keys";
import { EVENT_PAGE_COLUMNS } from "@shared/page-contract";
import { eventPageSelect } from "@shared/ticket-columns";

type EventRow = Database["public"]["Tables"]["events"]["Row"];
type StatsRow = Database["public"]["Tables"]["event_stats"]["Row"];

export type EventStats = Pick<StatsRow, "going_count" | "waitlist_count" | "spots_left">;
/** A ticket type as the event page reads it (hidden ones only for the team; decision 0290). */
export type EventTicketType = Pick<
  Database["public"]["Tables"]["ticket_types"]["Row"],
  | "id" | "name" | "description" | "price" | "quantity" | "sales_start_at" | "sales_end_at" | "min_per_order"
  | "max_per_order" | "hidden" | "sort_order" | "sold_count" | "held_count"
>;
export type PersonSummary = { username: string; display_name: string };

export type EventDetail = Omit<EventRow, "search"> & {
  host: PersonSummary | null;
  event_hosts: { user_id: string; role: Database["public"]["Enums"]["host_role"]; profile: PersonSummary | null }[];
  event_stats: EventStats | null;
  /** Present only for those going, checkers and hosts (row-level security). */
  online_link: { url: string } | null;
  /** What the event sells; none: it takes RSVPs. */
  ticket_types: EventTicketType[];
};

/** The event with this slug, or null when there is none the viewer may see. */
export async function getEvent(slug: string): Promise<EventDetail | null> {
  const { data, error } = await supabase.from("events").select(eventPageSelect(EVENT_PAGE_COLUMNS)).eq("slug", slug).maybeSingle();
  if (error) throw error;
  return data as unknown as EventDetail | null;
}

export function eventDetailOptions(slug: string) {
  return queryOptions({ queryKey: eventKeys.detail(slug), queryFn: () => getEvent(slug) });
}
