import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";

export type PaymentSettings = Pick<
  Database["public"]["Tables"]["payment_settings"]["Row"],
  "connect_enabled" | "platform_fee_bps" | "default_currency" | "hold_minutes"
>;

/** The one row of public.payment_settings, which site admins update (row-level security), and the currencies offered. */
export function paymentSettingsOptions() {
  return queryOptions({
    queryKey: [...queryRoots.admin, "payment-settings"] as const,
    queryFn: async (): Promise<{ settings: PaymentSettings; currencies: string[] }> => {
      const [settings, currencies] = await Promise.all([
        supabase.from("payment_settings").select("connect_enabled, platform_fee_bps, default_currency, hold_minutes").single(),
        supabase.from("currencies").select("code").order("code"),
      ]);
      if (settings.error) throw settings.error;
      if (currencies.error) throw currencies.error;
      return { settings: settings.data, currencies: currencies.data.map((c) => c.code) };
    },
  });
}

export async function savePaymentSettings(settings: PaymentSettings): Promise<void> {
  const { error } = await supabase.from("payment_settings").update(settings).eq("id", true);
  if (error) throw error;
}
