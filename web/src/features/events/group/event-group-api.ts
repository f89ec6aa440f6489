import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { eventKeys } from "../api/event-keys";

type Enums = Database["public"]["Enums"];
export type MembershipStatus = Enums["group_member_status"];

/** The group an event belongs to, as its chip shows it, and where the viewer stands in it. */
export type EventGroup = {
  id: string;
  slug: string;
  name: string;
  logo_path: string | null;
  join_policy: Enums["group_join_policy"];
  member_count: number | null;
  my_status: MembershipStatus | null;
};

/** What event_group_gate(slug) says of an event the viewer may not open (decision 0102). */
export type EventGate = {
  group_id: string;
  slug: string;
  name: string;
  logo_path: string | null;
  visibility: Enums["group_visibility"];
  join_policy: Enums["group_join_policy"];
  my_status: MembershipStatus | null;
};

export const eventGroupKeys = {
  group: (groupId: string, userId: string | undefined) => [...eventKeys.all, "group", groupId, userId ?? "anon"] as const,
  gate: (slug: string, userId: string | undefined) => [...eventKeys.all, "gate", slug, userId ?? "anon"] as const,
};

/** The group row, its live count and my membership (row-level security shows me my own row). */
export async function getEventGroup(groupId: string, userId: string | undefined): Promise<EventGroup | null> {
  const { data, error } = await supabase
    .from("groups")
    .select("id, slug, name, logo_path, join_policy, group_stats(member_count)")
    .eq("id", groupId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  let myStatus: MembershipStatus | null = null;
  if (userId) {
    const mine = await supabase.from("group_members").select("status").eq("group_id", groupId).eq("user_id", userId).maybeSingle();
    if (mine.error) throw mine.error;
    myStatus = mine.data?.status ?? null;
  }
  const stats = data.group_stats as unknown as { member_count: number } | { member_count: number }[] | null;
  const count = Array.isArray(stats) ? stats[0]?.member_count : stats?.member_count;
  const { group_stats: _stats, ...group } = data;
  return { ...group, member_count: count ?? null, my_status: myStatus };
}

export function eventGroupOptions(groupId: string, userId: string | undefined) {
  return queryOptions({ queryKey: eventGroupKeys.group(groupId, userId), queryFn: () => getEventGroup(groupId, userId) });
}

export async function getEventGate(slug: string): Promise<EventGate | null> {
  const { data, error } = await supabase.rpc("event_group_gate", { event_slug: slug });
  if (error) throw error;
  return (data as EventGate | null) ?? null;
}

export function eventGateOptions(slug: string, userId: string | undefined) {
  return queryOptions({ queryKey: eventGroupKeys.gate(slug, userId), queryFn: () => getEventGate(slug) });
}

/** join_group: 'active' on an open group, 'pending' (a request) on an approval group. */
export async function joinGroup(groupId: string): Promise<MembershipStatus> {
  const { data, error } = await supabase.rpc("join_group", { group_id: groupId });
  if (error) throw error;
  return data as MembershipStatus;
}
