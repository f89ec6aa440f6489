import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import { editorKeys } from "./editor-keys";

export type EventGroupOption = { id: string; name: string; slug: string };

/** The roles that may put events in a group (the database's check_event_group says the same). */
export const EVENT_CREATING_ROLES = ["organizer", "co_organizer", "event_organizer"] as const;

/**
 * The groups I may create events in: my active memberships with an organizing role. Row-level
 * security lets me read my own memberships; the trigger on events has the last word.
 */
export async function getMyEventGroups(userId: string): Promise<EventGroupOption[]> {
  const { data, error } = await supabase
    .from("group_members")
    .select("role, group:groups!inner(id, name, slug)")
    .eq("user_id", userId)
    .eq("status", "active")
    .in("role", [...EVENT_CREATING_ROLES]);
  if (error) throw error;
  return data
    .map((row) => row.group as unknown as EventGroupOption)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function myEventGroupsOptions(userId: string) {
  return queryOptions({
    queryKey: [...editorKeys.all, "groups", userId] as const,
    queryFn: () => getMyEventGroups(userId),
    staleTime: 60_000,
  });
}
