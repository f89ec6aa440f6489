import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { callFunction } from "@/lib/payments/call-function";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";

// Settings → Payments (decision 0284): whether the site uses Stripe Connect, and the member's and
// their groups' connected accounts (row-level security shows each account to its owner only:
// the member, a group's organizers). Stripe's hosted onboarding comes from connect-onboarding.

export type PaymentAccount = Pick<
  Database["public"]["Tables"]["payment_accounts"]["Row"],
  "user_id" | "group_id" | "charges_enabled" | "payouts_enabled" | "details_submitted"
>;
export type OrganizedGroup = { id: string; name: string; slug: string };

export const paymentsSettingsKeys = {
  all: [...queryRoots.profile, "payments"] as const,
  mode: () => [...paymentsSettingsKeys.all, "mode"] as const,
  accounts: (userId: string) => [...paymentsSettingsKeys.all, "accounts", userId] as const,
  groups: (userId: string) => [...paymentsSettingsKeys.all, "groups", userId] as const,
};

export function connectEnabledOptions() {
  return queryOptions({
    queryKey: paymentsSettingsKeys.mode(),
    queryFn: async (): Promise<boolean> => {
      const { data, error } = await supabase.from("payment_settings").select("connect_enabled").maybeSingle();
      if (error) throw error;
      return data?.connect_enabled ?? false;
    },
  });
}

/** The accounts the member may see: their own and their groups'. */
export function paymentAccountsOptions(userId: string, poll: boolean) {
  return queryOptions({
    queryKey: paymentsSettingsKeys.accounts(userId),
    queryFn: async (): Promise<PaymentAccount[]> => {
      const { data, error } = await supabase.from("payment_accounts").select("user_id, group_id, charges_enabled, payouts_enabled, details_submitted");
      if (error) throw error;
      return data;
    },
    // Back from Stripe, the account.updated webhook may still be on its way.
    refetchInterval: poll ? 3000 : false,
  });
}

/** The groups the member organizes (only an organizer connects a group's account). */
export function organizedGroupsOptions(userId: string) {
  return queryOptions({
    queryKey: paymentsSettingsKeys.groups(userId),
    queryFn: async (): Promise<OrganizedGroup[]> => {
      const { data, error } = await supabase.from("group_members").select("group:groups(id, name, slug)")
        .eq("user_id", userId).eq("role", "organizer").eq("status", "active");
      if (error) throw error;
      return (data as unknown as { group: OrganizedGroup | null }[]).flatMap((row) => (row.group ? [row.group] : []));
    },
  });
}

/** Stripe's hosted onboarding for the member's account, or a group's. */
export function startOnboarding(groupId: string | null): Promise<{ url: string }> {
  return callFunction("connect-onboarding", groupId ? { group_id: groupId } : {});
}
