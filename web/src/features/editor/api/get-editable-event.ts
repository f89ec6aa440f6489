import { queryOptions } from "@tanstack/react-query";
import { canManageEvent, eventTeamRole, type EventTeam } from "@/lib/auth/event-team";
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
  online_link:event_online_links(url), event_hosts(user_id, role)`;

/**
 * The event with this slug as the editor needs it, and whether this viewer may edit it. Row-level
 * security has the last word on saving; this only decides which screen to show.
 */
export async function getEditableEvent(slug: string, userId: string, isAdmin: boolean): Promise<EditorLoad> {
  const { data, error } = await supabase.from("events").select(COLUMNS).eq("slug", slug).maybeSingle();
  if (error) throw error;
  if (!data) return { kind: "missing" };
  const { online_link, event_hosts, ...row } = data as unknown as Omit<EditableEvent, "online_url"> & {
    online_link: { url: string } | null;
    event_hosts: EventTeam["event_hosts"];
  };
  if (!canManageEvent(eventTeamRole({ host_id: row.host_id, event_hosts }, userId, isAdmin))) return { kind: "forbidden" };
  return { kind: "editable", event: { ...row, online_url: online_link?.url ?? null } };
}

export function editableEventOptions(slug: string, userId: string, isAdmin: boolean) {
  return queryOptions({
    queryKey: editorKeys.event(slug, userId),
    queryFn: () => getEditableEvent(slug, userId, isAdmin),
    // The form holds its own copy; refetching under it would only confuse.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
