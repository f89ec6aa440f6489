import { lazy, Suspense } from "react";
import { canManageEvent, eventTeamRole, type EventTeam } from "@/lib/auth/event-team";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { withCatalogue } from "@/lib/i18n";

// The album's code and words load once the event has started, the only time it shows.
const AlbumSection = lazy(withCatalogue("albums", () => import("./components/album-section")));

type EventAlbumProps = {
  event: EventTeam & { id: string; starts_at: string; status: string };
  userId: string | undefined;
  /** The viewer is going (or was checked in): they may add photos once it has started. */
  went: boolean;
};

/** An event's photo album, on its page from the moment it starts (issue 33, decision 0355). */
export function EventAlbum({ event, userId, went }: EventAlbumProps) {
  const isAdmin = useIsAdmin();
  if (event.status !== "published" || Date.parse(event.starts_at) > Date.now()) return null;
  const canManage = canManageEvent(eventTeamRole(event, userId, isAdmin));
  return (
    <Suspense fallback={null}>
      <AlbumSection eventId={event.id} userId={userId} canAdd={Boolean(userId) && (went || canManage)} canManage={canManage} />
    </Suspense>
  );
}
