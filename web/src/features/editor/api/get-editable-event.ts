import { queryOptions } from "@tanstack/react-query";
import { canManageEvent, eventTeamRole, type EventTeam, type HostRole } from "@/lib/auth/event-team";
import { supabase } from "@/lib/supabase";
import type { EditableEvent } from "../event-form-values";
import { editorKeys } from "./editor-keys";

export type EditorLoad =
  | { kind: "missing" }
  /** Visible, but the viewer is not a host, co-host or site admin. */
  | { kind: "forbidden" }
  | { kind: "editable"; event: EditableEvent };

const COLUMNS = `id, slug, status, host_id, updated_at, series_id, series_position, title, description, category, starts_at, ends_at,
  timezone, venue_name, address, lat, lng, is_online, cover_path, video_url, video_path, capacity,
  waitlist_enabled, requires_approval, plus_ones_max, rsvp_closes_at, visibility, group_id,
  group:groups(id, name, slug), online_link:event_online_links(url), event_hosts(user_id, role)`;

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
  const teamRole = eventTeamRole({ host_id: row.host_id, event_hosts }, userId, isAdmin);
  // A group's organizers and event organizers run its events without an event_hosts row
  // (decision 0102): the database says what the group makes of me.
  if (!canManageEvent(teamRole) && !(row.group_id && canManageEvent(await groupEventRole(row.id)))) return { kind: "forbidden" };
  return { kind: "editable", event: { ...row, online_url: online_link?.url ?? null, series_rule: await seriesRule(row.series_id) } };
}

/** The rule of the date's series, for "this and following" in Repeat (decision 0125). */
async function seriesRule(seriesId: string | null | undefined): Promise<string | null> {
  if (!seriesId) return null;
  const { data, error } = await supabase.from("event_series").select("rrule").eq("id", seriesId).maybeSingle();
  if (error) throw error;
  return data?.rrule ?? null;
}

async function groupEventRole(eventId: string): Promise<HostRole | null> {
  const { data, error } = await supabase.rpc("my_event_role", { event_id: eventId });
  if (error) throw error;
  return data === "host" || data === "cohost" || data === "checker" ? data : null;
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
