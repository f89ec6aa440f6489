import type { User } from "@supabase/supabase-js";
import { ClipboardCheck, PencilLine, Settings2, Ticket } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import type { EventDetail } from "../api/get-event";
import type { MyRsvp } from "../api/rsvp-api";

type TeamRole = "manager" | "checker" | null;

/** What the viewer may run on this event (product.md §6); the database decides the rest. */
export function teamRole(event: Pick<EventDetail, "host_id" | "event_hosts">, user: User | null): TeamRole {
  if (!user) return null;
  if (user.app_metadata?.role === "admin" || event.host_id === user.id) return "manager";
  const role = event.event_hosts.find((h) => h.user_id === user.id)?.role;
  if (role === "host" || role === "cohost") return "manager";
  return role === "checker" ? "checker" : null;
}

/** Edit / manage / check-in for the event's team, and the ticket of a guest who is going. */
export function EventTeamLinks({ event, user, mine }: { event: EventDetail; user: User | null; mine: MyRsvp | null | undefined }) {
  const role = teamRole(event, user);
  const ticket = mine?.status === "going" && mine.id ? mine.id : null;
  if (!role && !ticket) return null;
  return (
    <nav aria-label="Your tools for this event" className="flex flex-wrap gap-2">
      {ticket && (
        <Button asChild variant="outline" size="sm">
          <Link to={`/tickets/${ticket}`}>
            <Ticket aria-hidden="true" /> Your ticket
          </Link>
        </Button>
      )}
      {role === "manager" && (
        <>
          <Button asChild variant="outline" size="sm">
            <Link to={`/events/${event.slug}/edit`}>
              <PencilLine aria-hidden="true" /> Edit
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/events/${event.slug}/manage`}>
              <Settings2 aria-hidden="true" /> Manage
            </Link>
          </Button>
        </>
      )}
      {role && (
        <Button asChild variant="outline" size="sm">
          <Link to={`/events/${event.slug}/check-in`}>
            <ClipboardCheck aria-hidden="true" /> Check-in
          </Link>
        </Button>
      )}
    </nav>
  );
}
