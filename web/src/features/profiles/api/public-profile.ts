import { queryOptions } from "@tanstack/react-query";
import type { CompactEvent } from "@/components/events/compact-event-list";
import { supabase } from "@/lib/supabase";
import { profilePageKeys } from "./profile-keys";

export type PublicProfile = {
  id: string;
  username: string;
  display_name: string;
  avatar_path: string | null;
  bio: string;
  home_city: string | null;
  created_at: string;
};

/** The member with this username, or null when there is none. */
export async function getPublicProfile(username: string): Promise<PublicProfile | null> {
  const { data, error } = await supabase
    .from("profiles")
    .select("id, username, display_name, avatar_path, bio, home_city, created_at")
    .eq("username", username.toLowerCase())
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function publicProfileOptions(username: string) {
  return queryOptions({ queryKey: profilePageKeys.byUsername(username), queryFn: () => getPublicProfile(username) });
}

const EVENT_COLUMNS = "id, slug, title, starts_at, ends_at, timezone, venue_name, is_online, status";
const PAST_LIMIT = 20;

export type HostedEvents = { upcoming: CompactEvent[]; past: CompactEvent[] };

/**
 * Events the member hosts that everyone may see: published or cancelled, public. (Row-level
 * security would also show the member their own drafts; a profile shows what others see.)
 */
export async function getHostedEvents(profileId: string, now = new Date()): Promise<HostedEvents> {
  const base = () =>
    supabase
      .from("events")
      .select(EVENT_COLUMNS)
      .eq("host_id", profileId)
      .eq("visibility", "public")
      .in("status", ["published", "cancelled"]);
  const [upcoming, past] = await Promise.all([
    base().gte("ends_at", now.toISOString()).order("starts_at", { ascending: true }),
    base().lt("ends_at", now.toISOString()).order("starts_at", { ascending: false }).limit(PAST_LIMIT),
  ]);
  if (upcoming.error) throw upcoming.error;
  if (past.error) throw past.error;
  return { upcoming: upcoming.data, past: past.data };
}

export function hostedEventsOptions(profileId: string) {
  return queryOptions({ queryKey: profilePageKeys.hostedEvents(profileId), queryFn: () => getHostedEvents(profileId) });
}

/** A group the member runs, as their profile lists it. */
export type OrganizedGroup = {
  role: "organizer" | "co_organizer";
  group: { id: string; slug: string; name: string; city: string; logo_path: string | null };
};

/**
 * Groups the member organizes or co-organizes. Organizer rows are public for every group
 * (decision 0100), and a withheld group's row is not visible, so this is what everyone sees.
 */
export async function getOrganizedGroups(profileId: string): Promise<OrganizedGroup[]> {
  const { data, error } = await supabase
    .from("group_members")
    .select("role, group:groups!inner(id, slug, name, city, logo_path)")
    .eq("user_id", profileId)
    .eq("status", "active")
    .in("role", ["organizer", "co_organizer"]);
  if (error) throw error;
  return (data as unknown as OrganizedGroup[]).sort((a, b) => a.group.name.localeCompare(b.group.name));
}

export function organizedGroupsOptions(profileId: string) {
  return queryOptions({ queryKey: profilePageKeys.organizedGroups(profileId), queryFn: () => getOrganizedGroups(profileId) });
}
