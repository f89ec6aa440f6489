import type { User } from "@supabase/supabase-js";
import { EmbedBox } from "@/features/embeds/embed-box";
import { Topics } from "@/features/recommendations/topics";
import { canManageEvent, eventTeamRole } from "@/lib/auth/event-team";
import { useIsAdmin } from "@/lib/auth/is-admin";
import type { EventDetail } from "../api/get-event";

/**
 * The event's Topics and Embed boxes, for those who run it: the host and co-hosts (not checkers),
 * as for editing. The embed lists upcoming events only (ends_at after now, like the widget), so a
 * past event offers no snippet.
 */
export function EventHostBoxes({ event, user }: { event: EventDetail; user: User | null }) {
  const role = eventTeamRole(event, user?.id, useIsAdmin());
  if (!canManageEvent(role)) return null;
  const upcoming = new Date(event.ends_at).getTime() > Date.now();
  return (
    <>
      {upcoming && event.status === "published" && event.visibility === "public" && <EmbedBox kind="event" slug={event.slug} />}
      <Topics table="events" id={event.id} />
    </>
  );
}
