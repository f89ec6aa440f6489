import { queryOptions } from "@tanstack/react-query";
import type { OrderStatus } from "@/components/payments/order-status-badge";
import type { HostRole } from "@/lib/auth/event-team";
import { callFunction } from "@/lib/payments/call-function";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";

// The sales dashboard reads the event's orders as its team may (row-level security: the event's
// orders, items, tickets, refunds and answers; never Stripe's ids), and refunds through the
// refund-order function (decision 0283).

export type SalesEvent = {
  id: string; slug: string; title: string; status: string; starts_at: string; ends_at: string; timezone: string; currency: string;
  host_id: string; event_hosts: { user_id: string; role: HostRole }[];
};

export type SalesTicket = {
  id: string; position: number; status: "held" | "valid" | "refunded" | "released"; holder_name: string; ticket_type_id: string;
  amount: number; checked_in_at: string | null;
};

export type SalesOrder = {
  id: string;
  status: OrderStatus;
  currency: string;
  amount_subtotal: number;
  amount_discount: number;
  amount_total: number;
  amount_fee: number;
  amount_refunded: number;
  promo_code: string | null;
  paid_at: string | null;
  created_at: string;
  buyer: { username: string; display_name: string } | null;
  order_items: { ticket_type_id: string; name: string; unit_price: number; unit_amount: number; quantity: number; amount_total: number }[];
  order_refunds: { id: string; amount: number; status: string; reason: string; ticket_ids: string[]; created_at: string }[];
  tickets: SalesTicket[];
};

export type OrderAnswer = { order_id: string; ticket_id: string | null; question_id: string | null; position: number; label: string; value: unknown };

export const salesKeys = {
  all: [...queryRoots.events, "sales"] as const,
  event: (slug: string) => [...salesKeys.all, "event", slug] as const,
  orders: (eventId: string) => [...salesKeys.all, "orders", eventId] as const,
  answers: (eventId: string) => [...salesKeys.all, "answers", eventId] as const,
};

/** The orders the dashboard counts: money taken or on its way. */
export const SOLD: OrderStatus[] = ["paid", "partially_refunded", "refunded", "processing"];

const ORDER = `id, status, currency, amount_subtotal, amount_discount, amount_total, amount_fee, amount_refunded, promo_code, paid_at, created_at,
  buyer:profiles(username, display_name),
  order_items(ticket_type_id, name, unit_price, unit_amount, quantity, amount_total),
  order_refunds(id, amount, status, reason, ticket_ids, created_at),
  tickets(id, position, status, holder_name, ticket_type_id, amount, checked_in_at)`;

export function salesEventOptions(slug: string) {
  return queryOptions({
    queryKey: salesKeys.event(slug),
    queryFn: async (): Promise<SalesEvent | null> => {
      const { data, error } = await supabase
        .from("events")
        .select("id, slug, title, status, starts_at, ends_at, timezone, currency, host_id, event_hosts(user_id, role)")
        .eq("slug", slug)
        .maybeSingle();
      if (error) throw error;
      return data as SalesEvent | null;
    },
  });
}

// The server returns at most max_rows (1000) rows a request; a big event takes several pages.
const PAGE = 1000;

export function salesOrdersOptions(eventId: string) {
  return queryOptions({
    queryKey: salesKeys.orders(eventId),
    queryFn: async (): Promise<SalesOrder[]> => {
      const all: SalesOrder[] = [];
      for (let from = 0; ; from += PAGE) {
        const { data, error } = await supabase.from("orders").select(ORDER).eq("event_id", eventId).in("status", SOLD)
          .order("created_at").order("id").range(from, from + PAGE - 1);
        if (error) throw error;
        all.push(...(data as unknown as SalesOrder[]));
        if (data.length < PAGE) return all;
      }
    },
  });
}

export function orderAnswersOptions(eventId: string) {
  return queryOptions({
    queryKey: salesKeys.answers(eventId),
    queryFn: async (): Promise<OrderAnswer[]> => {
      const { data, error } = await supabase.from("order_answers").select("order_id, ticket_id, question_id, position, label, value")
        .eq("event_id", eventId).order("position");
      if (error) throw error;
      return data as OrderAnswer[];
    },
  });
}

export type RefundChoice = { ticket_ids?: string[]; amount?: number };

/** The team's refund: the whole rest of the order, some tickets, or an amount (tickets kept). */
export function refundOrder(orderId: string, choice: RefundChoice): Promise<{ refund_id: string | null; amount: number; status: string }> {
  return callFunction("refund-order", { order_id: orderId, ...choice });
}
