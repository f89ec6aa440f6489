import { infiniteQueryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import type { GroupRole } from "./managed-group";
import { manageKeys, type PeopleStatus } from "./manage-keys";

export type GroupPerson = {
  user_id: string;
  role: GroupRole;
  created_at: string;
  joined_at: string | null;
  banned_at: string | null;
  profile: { username: string; display_name: string; avatar_path: string | null } | null;
};

/** People per page: a screenful on a desktop, and small enough for a phone's connection. */
export const PEOPLE_PAGE = 50;

export type PeoplePage = { people: GroupPerson[]; total: number };

const COLUMNS = "user_id, role, created_at, joined_at, banned_at, profile:profiles!group_members_user_id_fkey(username, display_name, avatar_path)";

/**
 * One page of members (by role — the enum's order: organizer first — then who joined first),
 * pending requests (oldest first, so nobody waits forever) or bans (newest first), with how
 * many there are in all. Requests and bans are readable by managers only (RLS).
 */
export async function listPeople(groupId: string, status: PeopleStatus, offset: number): Promise<PeoplePage> {
  let query = supabase.from("group_members").select(COLUMNS, { count: "exact" }).eq("group_id", groupId).eq("status", status);
  if (status === "active") query = query.order("role").order("joined_at");
  else if (status === "pending") query = query.order("created_at");
  else query = query.order("banned_at", { ascending: false });
  // A tie-breaker, so a person never shows on two pages or on none.
  const { data, count, error } = await query.order("user_id").range(offset, offset + PEOPLE_PAGE - 1);
  if (error) throw error;
  return { people: data as unknown as GroupPerson[], total: count ?? 0 };
}

export function peopleOptions(groupId: string, status: PeopleStatus) {
  return infiniteQueryOptions({
    queryKey: manageKeys.people(groupId, status),
    queryFn: ({ pageParam }) => listPeople(groupId, status, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.people.length, 0);
      return loaded < last.total && last.people.length > 0 ? loaded : undefined;
    },
  });
}
