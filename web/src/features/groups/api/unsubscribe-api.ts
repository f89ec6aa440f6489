import { supabase } from "@/lib/supabase";

/** What an unsubscribe link names (decision 0103): the group, and whether alerts are still on (null: no longer a member). */
export type AlertsLink = { group_id: string; slug: string; name: string; alerts: "all" | "none" | null };

/** Reads the link; changes nothing (a mail scanner that opens it unsubscribes nobody). Works signed out. */
export async function getAlertsLink(token: string): Promise<AlertsLink> {
  const { data, error } = await supabase.rpc("group_alerts_link", { token });
  if (error) throw error;
  return data as unknown as AlertsLink;
}

/** Turns that member's alerts for that group off. Idempotent; works signed out. */
export async function unsubscribeGroupAlerts(token: string): Promise<AlertsLink> {
  const { data, error } = await supabase.rpc("unsubscribe_group_alerts", { token });
  if (error) throw error;
  return data as unknown as AlertsLink;
}
