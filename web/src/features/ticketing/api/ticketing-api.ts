import { queryOptions } from "@tanstack/react-query";
import type { HostRole } from "@/lib/auth/event-team";
import type { Database } from "@/lib/database.types";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";

// The organizer's ticket setup writes plain rows under row-level security (decision 0280): the
// event's money settings, its ticket types and promo codes; the database's triggers check them
// and answer in the catalogue's words (invalid_price, promo_code_taken, ticket_type_in_use, …).

type Tables = Database["public"]["Tables"];
export type TicketTypeRow = Tables["ticket_types"]["Row"];
export type TicketTypeWrite = Omit<Tables["ticket_types"]["Insert"], "event_id" | "sold_count" | "held_count" | "id" | "created_at" | "updated_at">;
export type PromoCodeRow = Tables["promo_codes"]["Row"];
export type PromoCodeWrite = Omit<Tables["promo_codes"]["Insert"], "event_id" | "used_count" | "id" | "created_at" | "updated_at">;

export type SetupEvent = Pick<
  Tables["events"]["Row"],
  | "id" | "slug" | "title" | "status" | "starts_at" | "ends_at" | "timezone" | "currency" | "refund_policy" | "refund_days_before"
  | "ticket_offer_hours" | "waitlist_enabled" | "capacity" | "host_id" | "group_id"
> & { event_hosts: { user_id: string; role: HostRole }[] };

export type MoneySettings = Pick<SetupEvent, "currency" | "refund_policy" | "refund_days_before" | "ticket_offer_hours">;
export type PaymentStatus = { mode: "platform" | "connect"; ready: boolean; charges_enabled: boolean; payouts_enabled: boolean; account_owner: "group" | "host" | null };

export const ticketingKeys = {
  all: [...queryRoots.events, "ticketing"] as const,
  event: (slug: string) => [...ticketingKeys.all, "event", slug] as const,
  types: (eventId: string) => [...ticketingKeys.all, "types", eventId] as const,
  promos: (eventId: string) => [...ticketingKeys.all, "promos", eventId] as const,
  currencies: () => [...ticketingKeys.all, "currencies"] as const,
  payments: (eventId: string) => [...ticketingKeys.all, "payments", eventId] as const,
};

const EVENT = `id, slug, title, status, starts_at, ends_at, timezone, currency, refund_policy, refund_days_before, ticket_offer_hours,
  waitlist_enabled, capacity, host_id, group_id, event_hosts(user_id, role)`;

export function setupEventOptions(slug: string) {
  return queryOptions({
    queryKey: ticketingKeys.event(slug),
    queryFn: async (): Promise<SetupEvent | null> => {
      const { data, error } = await supabase.from("events").select(EVENT).eq("slug", slug).maybeSingle();
      if (error) throw error;
      return data as SetupEvent | null;
    },
  });
}

export function ticketTypesOptions(eventId: string) {
  return queryOptions({
    queryKey: ticketingKeys.types(eventId),
    queryFn: async (): Promise<TicketTypeRow[]> => {
      const { data, error } = await supabase.from("ticket_types").select("*").eq("event_id", eventId).order("sort_order");
      if (error) throw error;
      return data;
    },
  });
}

export function promoCodesOptions(eventId: string) {
  return queryOptions({
    queryKey: ticketingKeys.promos(eventId),
    queryFn: async (): Promise<PromoCodeRow[]> => {
      const { data, error } = await supabase.from("promo_codes").select("*").eq("event_id", eventId).order("created_at");
      if (error) throw error;
      return data;
    },
  });
}

export function currenciesOptions() {
  return queryOptions({
    queryKey: ticketingKeys.currencies(),
    queryFn: async (): Promise<string[]> => {
      const { data, error } = await supabase.from("currencies").select("code").order("code");
      if (error) throw error;
      return data.map((c) => c.code);
    },
    staleTime: Infinity,
  });
}

export function paymentStatusOptions(eventId: string) {
  return queryOptions({
    queryKey: ticketingKeys.payments(eventId),
    queryFn: async (): Promise<PaymentStatus> => {
      const { data, error } = await supabase.rpc("event_payment_status", { event_id: eventId });
      if (error) throw error;
      return data as unknown as PaymentStatus;
    },
  });
}

export async function saveMoneySettings(eventId: string, settings: MoneySettings): Promise<void> {
  const { error } = await supabase.from("events").update(settings).eq("id", eventId);
  if (error) throw error;
}

export async function saveTicketType(eventId: string, id: string | null, row: TicketTypeWrite): Promise<void> {
  const { error } = id
    ? await supabase.from("ticket_types").update(row).eq("id", id)
    : await supabase.from("ticket_types").insert({ ...row, event_id: eventId });
  if (error) throw error;
}

export async function deleteTicketType(id: string): Promise<void> {
  const { error } = await supabase.from("ticket_types").delete().eq("id", id);
  if (error) throw error;
}

export async function savePromoCode(eventId: string, id: string | null, row: PromoCodeWrite): Promise<void> {
  const { error } = id
    ? await supabase.from("promo_codes").update(row).eq("id", id)
    : await supabase.from("promo_codes").insert({ ...row, event_id: eventId });
  if (error) throw error;
}

export async function deletePromoCode(id: string): Promise<void> {
  const { error } = await supabase.from("promo_codes").delete().eq("id", id);
  if (error) throw error;
}
