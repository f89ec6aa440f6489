import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { supabase } from "@/lib/supabase";
import { orderKeys } from "../api/order-api";

/**
 * The order page follows its order as Stripe's webhook pays it, a refund lands or a ticket is
 * checked in: `orders` and `tickets` are in the realtime publication (decision 0280), and the
 * buyer's row-level security lets their own rows through. Each change refetches order_details,
 * which is what carries the ticket codes.
 */
export function useLiveOrder(orderId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    const channel = supabase.channel(`order:${orderId}`);
    channel.on("postgres_changes", { event: "*", schema: "public", table: "orders", filter: `id=eq.${orderId}` }, refetch);
    channel.on("postgres_changes", { event: "*", schema: "public", table: "tickets", filter: `order_id=eq.${orderId}` }, refetch);
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [orderId, queryClient]);
}
