import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { manageKeys } from "./manage-keys";

type GroupRow = Database["public"]["Tables"]["groups"]["Row"];
export type GroupRole = Database["public"]["Enums"]["group_role"];

/** Every settings column, and the counts the tabs show. */
export type ManagedGroup = Omit<GroupRow, "search" | "created_by" | "hidden_at"> & {
  member_count: number;
  pending_count: number;
  banned_count: number;
};

/** What the viewer may do here; the database has the last word on each action. */
export type ManagerRights = {
  /** My role in the group (null for an admin who is not a member). */
  role: GroupRole | null;
  /** Organizers, and site admins (who may do what organizers may, decision 0100). */
  organizer: boolean;
  /** Organizers and co-organizers (and admins): requests, members, bans, announcements, settings. */
  manager: boolean;
};

export type ManagedGroupLoad = { group: ManagedGroup; rights: ManagerRights } | null;

const COLUMNS = `id, slug, name, about, category, city, lat, lng, cover_path, logo_path, visibility, join_policy,
  created_at, updated_at, group_stats(member_count), group_manager_stats(pending_count, banned_count)`;

type Row = Omit<ManagedGroup, "member_count" | "pending_count" | "banned_count"> & {
  group_stats: { member_count: number } | null;
  group_manager_stats: { pending_count: number; banned_count: number } | null;
};

/** The group with this slug and where the viewer stands in it, or null when it is not visible. */
export async function getManagedGroup(slug: string, userId: string, isAdmin: boolean): Promise<ManagedGroupLoad> {
  const { data, error } = await supabase.from("groups").select(COLUMNS).eq("slug", slug).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const { group_stats, group_manager_stats, ...row } = data as unknown as Row;
  const mine = await supabase.from("group_members").select("role, status").eq("group_id", row.id).eq("user_id", userId).maybeSingle();
  if (mine.error) throw mine.error;
  const role = mine.data?.status === "active" ? mine.data.role : null;
  const organizer = isAdmin || role === "organizer";
  return {
    group: {
      ...row,
      member_count: group_stats?.member_count ?? 0,
      pending_count: group_manager_stats?.pending_count ?? 0,
      banned_count: group_manager_stats?.banned_count ?? 0,
    },
    rights: { role, organizer, manager: organizer || role === "co_organizer" },
  };
}

export function managedGroupOptions(slug: string, userId: string, isAdmin: boolean) {
  return queryOptions({ queryKey: manageKeys.group(slug, userId), queryFn: () => getManagedGroup(slug, userId, isAdmin) });
}
