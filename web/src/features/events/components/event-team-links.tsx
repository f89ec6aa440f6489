import { Trans, useLingui } from "@lingui/react/macro";
import type { User } from "@supabase/supabase-js";
import { ClipboardCheck, PencilLine, Settings2, Ticket } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { canManageEvent, eventTeamRole } from "@/lib/auth/event-team";
import { useIsAdmin } from "@/lib/auth/is-admin";
import type { EventDetail } from "../api/get-event";
import type { MyRsvp } from "../api/rsvp-api";

/** Edit / manage / check-in for the event's team, and the ticket of a guest who is going. */
export function EventTeamLinks({ event, user, mine }: { event: EventDetail; user: User | null; mine: MyRsvp | null | undefined }) {
  const { t } = useLingui();
  const role = eventTeamRole(event, user?.id, useIsAdmin());
  const ticket = mine?.status === "going" && mine.id ? mine.id : null;
  if (!role && !ticket) return null;
  return (
    <nav aria-label={t`Your tools for this event`} className="flex flex-wrap gap-2">
      {ticket && (
        <Button asChild variant="outline" size="sm">
          <Link to={`/tickets/${ticket}`}>
            <Ticket aria-hidden="true" /> <Trans>Your ticket</Trans>
          </Link>
        </Button>
      )}
      {canManageEvent(role) && (
        <>
          <Button asChild variant="outline" size="sm">
            <Link to={`/events/${event.slug}/edit`}>
              <PencilLine aria-hidden="true" /> <Trans>Edit</Trans>
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/events/${event.slug}/manage`}>
              <Settings2 aria-hidden="true" /> <Trans>Manage</Trans>
            </Link>
          </Button>
        </>
      )}
      {role && (
        <Button asChild variant="outline" size="sm">
          <Link to={`/events/${event.slug}/check-in`}>
            <ClipboardCheck aria-hidden="true" /> <Trans>Check-in</Trans>
          </Link>
        </Button>
      )}
    </nav>
  );
}
