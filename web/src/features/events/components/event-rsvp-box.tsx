import { useQuery } from "@tanstack/react-query";
import { signInPathFor } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import type { EventDetail } from "../api/get-event";
import { myRsvpOptions, type MyRsvp } from "../api/rsvp-api";
import { useRsvpMutations } from "../hooks/use-rsvp-mutations";
import { RsvpPanel } from "./rsvp-panel";

/** Connects the RSVP panel to the session, the viewer's RSVP and the RSVP procedures. */
export function EventRsvpBox({ event, mine }: { event: EventDetail; mine: MyRsvp | null | undefined }) {
  const { user } = useSession();
  const { join, cancel } = useRsvpMutations(event, user?.id);
  return (
    <RsvpPanel
      event={event}
      stats={event.event_stats}
      mine={mine}
      signedIn={Boolean(user)}
      signInHref={signInPathFor(`/events/${event.slug}`)}
      busy={join.isPending || cancel.isPending}
      onRsvp={(guests) => join.mutate(guests)}
      onCancel={() => cancel.mutate()}
    />
  );
}

/** The viewer's RSVP: undefined while loading, null for none (and for signed-out viewers). */
export function useMyRsvp(eventId: string | undefined): MyRsvp | null | undefined {
  const { user, status } = useSession();
  const query = useQuery({ ...myRsvpOptions(eventId ?? "", user?.id), enabled: Boolean(eventId && user) });
  if (status === "loading") return undefined;
  if (!user) return null;
  return query.data;
}
