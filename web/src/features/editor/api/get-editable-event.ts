import { queryOptions } from "@tanstack/react-query";
import type { User } from "@supabase/supabase-js";
import { supabase } from "@/lib/supabase";
import type { EditableEvent } from "../event-form-values";
import { editorKeys } from "./editor-keys";

export type EditorLoad =
  | { kind: "missing" }
  /** Visible, but the viewer is not a host, co-host or site admin. */
  | { kind: "forbidden" }
  | { kind: "editable"; event: EditableEvent };

const COLUMNS = `id, slug, status, host_id, updated_at, title, description, category, starts_at, ends_at,
  timezone, venue_name, address, lat, lng, is_online, cover_path, video_url, video_path, capacity,
  waitlist_enabled, requires_approval, plus_ones_max, rsvp_closes_at, visibility,
  online_link:event_online_links(url)`;

export function isSiteAdmin(user: Pick<User, "app_metadata"> | null): boolean {
  return user?.app_metadata?.role === "admin";
}

/**
 * The event with this slug as the editor needs it, and whether this viewer may edit it. Row-level
 * security has the last word on saving; this only decides which screen to show.
 */
export async function getEditableEvent(slug: string, user: User): Promise<EditorLoad> {
  const { data, error } = await supabase.from("events").select(COLUMNS).eq("slug", slug).maybeSingle();
  if (error) throw error;
  if (!data) return { kind: "missing" };
  const { online_link, ...row } = data as unknown as Omit<EditableEvent, "online_url"> & {
    online_link: { url: string } | null;
  };
  let allowed = isSiteAdmin(user) || row.host_id === user.id;
  if (!allowed) {
    const { data: roles, error: rolesError } = await supabase
      .from("event_hosts")
      .select("role")
      .eq("event_id", row.id)
      .eq("user_id", user.id);
    if (rolesError) throw rolesError;
    allowed = (roles ?? []).some((r) => r.role === "host" || r.role === "cohost");
  }
  if (!allowed) return { kind: "forbidden" };
  return { kind: "editable", event: { ...row, online_url: online_link?.url ?? null } };
}

export function editableEventOptions(slug: string, user: User) {
  return queryOptions({
    queryKey: editorKeys.event(slug, user.id),
    queryFn: () => getEditableEvent(slug, user),
    // The form holds its own copy; refetching under it would only confuse.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
