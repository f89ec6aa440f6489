import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import type { HostRole } from "@/lib/auth/event-team";
import { manageKeys } from "./manage-keys";

export type TeamMember = {
  user_id: string;
  role: HostRole;
  profile: { username: string; display_name: string } | null;
};

export const ROLE_LABELS: Record<HostRole, MessageDescriptor> = {
  host: msg({ message: "Host", comment: "A role in an event's team" }),
  cohost: msg({ message: "Co-host", comment: "A role in an event's team" }),
  checker: msg({ message: "Checker", comment: "A role in an event's team" }),
};

export async function getTeam(eventId: string): Promise<TeamMember[]> {
  const { data, error } = await supabase
    .from("event_hosts")
    .select("user_id, role, profile:profiles(username, display_name)")
    .eq("event_id", eventId);
  if (error) throw error;
  const order: Record<HostRole, number> = { host: 0, cohost: 1, checker: 2 };
  return (data as unknown as TeamMember[]).sort(
    (a, b) => order[a.role] - order[b.role] || (a.profile?.display_name ?? "").localeCompare(b.profile?.display_name ?? ""),
  );
}

export function teamOptions(eventId: string) {
  return queryOptions({ queryKey: manageKeys.team(eventId), queryFn: () => getTeam(eventId) });
}

/** "@Grace " → "grace": people type usernames with an @ and in any case. */
export function normaliseUsername(input: string): string {
  return input.trim().replace(/^@/, "").toLowerCase();
}

export async function addTeamMember(eventId: string, username: string, role: "cohost" | "checker"): Promise<void> {
  const { error } = await supabase.rpc("add_event_host", { event_id: eventId, username: normaliseUsername(username), role });
  if (error) throw error;
}

export async function removeTeamMember(eventId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc("remove_event_host", { event_id: eventId, user_id: userId });
  if (error) throw error;
}
