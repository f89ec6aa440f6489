import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { BarChart3, Copy, ExternalLink, Pencil, ScanLine, Ticket, UserPlus } from "lucide-react";
import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { EventNotFoundState, ForbiddenState, LoadError, SectionsSkeleton } from "@/components/page-states";
import { DraftBadge } from "@/components/events/draft-badge";
import { FeedbackResults } from "@/features/feedback/feedback-results";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { canManageEvent } from "@/lib/auth/event-team";
import { RequireAuth } from "@/lib/auth/require-auth";
import { formatEventRange } from "@/lib/datetime";
import { usePageTitle } from "@/lib/use-page-title";
import type { ManagedEvent } from "./api/get-managed-event";
import { canInviteTo } from "./can-invite";
import { countGuests, guestListOptions } from "./api/guest-list";
import { GuestCountsSummary } from "./components/guest-counts";
import { GuestListSection } from "./components/guest-list-section";
import { MessageAttendees } from "./components/message-attendees";
import { RsvpChart } from "./components/rsvp-chart";
import { TeamSection } from "./components/team-section";
import { useLiveGuestList } from "./hooks/use-live-guest-list";
import { useManagedEvent } from "./hooks/use-managed-event";

/** /events/:slug/manage — the host's dashboard. */
export function ManagePage() {
  return (
    <RequireAuth>
      <ManageScreen />
    </RequireAuth>
  );
}

function ManageScreen() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const { query, event, role } = useManagedEvent(slug);
  const title = event?.title;
  usePageTitle(title !== undefined ? t`Manage: ${title}` : query.isPending ? undefined : t`Manage event`);

  if (query.isPending) return <SectionsSkeleton label={t`Loading the dashboard…`} sections={4} />;
  if (query.isError) return <LoadError title={t`Couldn't load this event.`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!event) return <EventNotFoundState />;
  if (!canManageEvent(role)) {
    return (
      <ForbiddenState
        title={t`Host dashboard`}
        back={
          <Button asChild>
            <Link to={`/events/${event.slug}`}>
              <Trans>Back to the event</Trans>
            </Link>
          </Button>
        }
      />
    );
  }
  return <Dashboard event={event} isHost={role === "host"} />;
}

function Dashboard({ event, isHost }: { event: ManagedEvent; isHost: boolean }) {
  const { t } = useLingui();
  const guests = useQuery(guestListOptions(event.id));
  useLiveGuestList(event.id);
  // The chart runs to today, or to the start once the event has begun.
  const until = useMemo(() => new Date(Math.min(Date.now(), Date.parse(event.starts_at))), [event.starts_at]);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold text-brand-700">
          <Trans>Host dashboard</Trans>
        </p>
        <h1 className="text-3xl font-bold tracking-tight">{event.title}</h1>
        <p className="text-muted-foreground">
          {formatEventRange(event.starts_at, event.ends_at, event.timezone)}
          {event.status === "cancelled" && <span className="font-medium"> · {t({ message: "Cancelled", comment: "An event's status" })}</span>}
        </p>
        {event.status === "draft" && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <DraftBadge size="md" />
            <Trans>Only the hosts see this event until it is published; it takes no RSVPs yet.</Trans>
          </p>
        )}
        <nav aria-label={t`Event tools`} className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={`/events/${event.slug}/check-in`}>
              <ScanLine aria-hidden="true" />
              <Trans>Check-in</Trans>
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/events/${event.slug}/edit`}>
              <Pencil aria-hidden="true" />
              <Trans>Edit event</Trans>
            </Link>
          </Button>
          {/* The same event another day: the editor starts from a copy (issue 32, host tools). */}
          <Button asChild size="sm" variant="outline">
            <Link to={`/events/new?copy=${encodeURIComponent(event.slug)}`}>
              <Copy aria-hidden="true" />
              <Trans>Duplicate</Trans>
            </Link>
          </Button>
          {canInviteTo(event) && (
            <Button asChild size="sm" variant="outline">
              <Link to={`/events/${event.slug}/invite`}>
                <UserPlus aria-hidden="true" />
                <Trans>Invite people</Trans>
              </Link>
            </Button>
          )}
          <Button asChild size="sm" variant="outline">
            <Link to={`/events/${event.slug}`}>
              <ExternalLink aria-hidden="true" />
              <Trans>Event page</Trans>
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/events/${event.slug}/tickets`}>
              <Ticket aria-hidden="true" />
              <Trans>Tickets and prices</Trans>
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/events/${event.slug}/sales`}>
              <BarChart3 aria-hidden="true" />
              <Trans>Sales</Trans>
            </Link>
          </Button>
        </nav>
      </header>

      {guests.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label={t`Loading the guest list`}>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : guests.isError ? (
        <LoadError title={t`Couldn't load the guest list.`} error={guests.error} onRetry={() => void guests.refetch()} />
      ) : (
        <>
          <GuestCountsSummary counts={countGuests(guests.data)} capacity={event.capacity} />
          <GuestListSection event={event} guests={guests.data} />
          <RsvpChart guests={guests.data} timeZone={event.timezone} until={until} />
        </>
      )}
      <FeedbackResults event={event} />
      <div className="grid gap-6 lg:grid-cols-2">
        <MessageAttendees eventId={event.id} />
        <TeamSection eventId={event.id} canEdit={isHost} />
      </div>
    </div>
  );
}
