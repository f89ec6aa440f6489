import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { AfterPaint } from "@/components/after-paint";
import { EventAlbum } from "@/features/albums/event-album";
import { EventFeedback } from "@/features/feedback/event-feedback";
import { LoadError } from "@/components/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/lib/auth/session-context";
import { withCatalogue } from "@/lib/i18n";
import { memoInLanguage } from "@/lib/i18n/memo-in-language";
import { usePageTitle } from "@/lib/use-page-title";
import { eventDetailOptions } from "./api/get-event";
import { AttendeeAvatars as AttendeeAvatarsSection } from "./components/attendee-avatars";
import { CalendarButtons as CalendarButtonsSection } from "./components/calendar-buttons";
import { EventDescription as EventDescriptionSection } from "./components/event-description";
import { EventHeader as EventHeaderSection } from "./components/event-header";
import { EventHostBoxes } from "./components/event-host-boxes";
import { EventPageSkeleton } from "./components/event-page-skeleton";
import { EventPlace as EventPlaceSection } from "./components/event-place";
import { DraftRsvpNote } from "./components/draft-rsvp-note";
import { EventRsvpBox, useMyRsvp } from "./components/event-rsvp-box";
import { EventTeamLinks } from "./components/event-team-links";
import { EventVideo as EventVideoSection } from "./components/event-video";
import { EventWhen as EventWhenSection } from "./components/event-when";
import { EventGroupChip as EventGroupChipSection } from "./group/event-group-chip";
import { MembersOnlyGate } from "./group/members-only-gate";
import { SeriesDates } from "./components/series-dates";
import { ShareButton as ShareButtonSection } from "./components/share-button";
import { useLiveEvent } from "./hooks/use-live-event";
import { EventLiveContext } from "./live/event-live-context";
import { viewerName } from "./live/viewer-name";
import { ReportButton } from "./reports/report-button";

// Below the fold and live: its code and data come after the event itself.
const CommentsSection = lazy(() => import("./comments/comments-section"));
// An event that sells tickets shows the checkout feature's box instead of the RSVP one: its code
// and words load only for such events (decision 0290).
const TicketBox = lazy(withCatalogue("checkout", () => import("@/features/checkout/ticket-box")));

// The page renders again as the session, the viewer's RSVP and fresh data arrive; sections whose
// props have not changed are not rendered again.
const EventHeader = memoInLanguage(EventHeaderSection);
const EventGroupChip = memoInLanguage(EventGroupChipSection);
const AttendeeAvatars = memoInLanguage(AttendeeAvatarsSection);
const EventWhen = memoInLanguage(EventWhenSection);
const EventPlace = memoInLanguage(EventPlaceSection);
const CalendarButtons = memoInLanguage(CalendarButtonsSection);
const ShareButton = memoInLanguage(ShareButtonSection);
const EventVideo = memoInLanguage(EventVideoSection);
const EventDescription = memoInLanguage(EventDescriptionSection);

export function EventPage() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const query = useQuery(eventDetailOptions(slug));
  const event = query.data ?? null;
  const { user, status } = useSession();
  const mine = useMyRsvp(event?.id);
  const pageUrl = `${window.location.origin}/events/${slug}`;
  // Free events keep their one-click RSVP; one that sells tickets takes no new RSVPs, but those
  // made before its ticket types keep theirs (and their box, to cancel).
  const sellsTickets = (event?.ticket_types?.length ?? 0) > 0;
  const hasRsvp = Boolean(mine && ["going", "waitlisted", "pending"].includes(mine.status));

  usePageTitle(event?.title ?? (query.isPending ? undefined : t`Event not found`));
  const viewer = status === "loading" ? undefined : user ? { id: user.id, name: viewerName(user) } : null;
  const live = useLiveEvent({ id: event?.id ?? "", slug }, viewer);

  if (query.isPending) return <EventPageSkeleton />;
  if (query.isError) return <LoadError title={t`Couldn't load this event.`} error={query.error} onRetry={() => void query.refetch()} />;
  // Not visible: maybe a group's event the viewer is not a member of; the gate says which group.
  if (!event) return <MembersOnlyGate slug={slug} />;

  return (
    <EventLiveContext value={live}>
      <article className="flex flex-col gap-8">
        <EventHeader event={event} />
        {/* minmax(0, …): a long group name (truncated in its chip) must not widen a phone's column. */}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
          {/* First in the DOM so phones see it right under the title; the right column on wider
              screens. Not in the HTML's first screen: drawn in a task of its own right after the
              page's top, before the groups below it (decision 0199). */}
          <aside className="flex flex-col gap-6 md:sticky md:top-4 md:order-last md:self-start">
            <AfterPaint>
              <EventGroupChip event={event} />
              {event.status === "draft" ? (
                <DraftRsvpNote />
              ) : (!sellsTickets || hasRsvp) && <EventRsvpBox event={event} mine={mine} />}
              {sellsTickets && event.status !== "draft" && (
                <Suspense fallback={<Skeleton className="h-64 w-full rounded-xl" />}>
                  <TicketBox event={event} />
                </Suspense>
              )}
              <EventTeamLinks event={event} user={user} mine={mine} />
              <EventHostBoxes event={event} user={user} />
              <AttendeeAvatars event={event} />
            </AfterPaint>
          </aside>
          {/* On a phone these come below the first screen (the aside comes first): each group
              renders in a task of its own after the page's top has painted. */}
          <div className="flex flex-col gap-6">
            <AfterPaint>
              <EventWhen startsAt={event.starts_at} endsAt={event.ends_at} timeZone={event.timezone} />
              {event.series_id && <SeriesDates eventId={event.id} seriesId={event.series_id} />}
              <EventPlace event={event} showOnlineLink={mine?.status === "going" || sellsTickets} />
              <div className="flex flex-wrap items-center gap-2">
                <CalendarButtons event={event} />
                <ShareButton url={pageUrl} />
                {user && user.id !== event.host_id && (
                  <ReportButton target={{ type: "event", id: event.id }} reporterId={user.id} label={t`Report event`} className="h-9" />
                )}
              </div>
            </AfterPaint>
            <AfterPaint>
              <EventVideo event={event} />
              <EventDescription description={event.description} />
              <EventFeedback event={event} userId={user?.id} went={mine?.status === "going"} />
              <EventAlbum event={event} userId={user?.id} went={mine?.status === "going"} />
              <Suspense fallback={<CommentsFallback />}>
                <CommentsSection event={event} />
              </Suspense>
            </AfterPaint>
          </div>
        </div>
      </article>
    </EventLiveContext>
  );
}

function CommentsFallback() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-4">
      <h2 id="comments-heading" className="text-xl font-semibold">
        <Trans>Comments</Trans>
      </h2>
      <Spinner label={t`Loading comments…`} />
    </section>
  );
}
