import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { EventNotFoundState, LoadError } from "@/components/page-states";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/lib/auth/session-context";
import { publicFileUrl } from "@/lib/supabase";
import { useDocumentMeta } from "@/lib/use-document-meta";
import { usePageTitle } from "@/lib/use-page-title";
import { eventDetailOptions } from "./api/get-event";
import { AttendeeAvatars } from "./components/attendee-avatars";
import { CalendarButtons } from "./components/calendar-buttons";
import { EventDescription } from "./components/event-description";
import { EventHeader } from "./components/event-header";
import { EventPageSkeleton } from "./components/event-page-skeleton";
import { EventPlace } from "./components/event-place";
import { EventRsvpBox, useMyRsvp } from "./components/event-rsvp-box";
import { EventTeamLinks } from "./components/event-team-links";
import { EventVideo } from "./components/event-video";
import { EventWhen } from "./components/event-when";
import { ShareButton } from "./components/share-button";
import { eventJsonLd, metaDescription } from "./event-json-ld";
import { useLiveEvent } from "./hooks/use-live-event";
import { EventLiveContext } from "./live/event-live-context";
import { viewerName } from "./live/viewer-name";
import { ReportButton } from "./reports/report-button";

// Below the fold and live: its code and data come after the event itself.
const CommentsSection = lazy(() => import("./comments/comments-section"));

export function EventPage() {
  const { slug = "" } = useParams();
  const query = useQuery(eventDetailOptions(slug));
  const event = query.data ?? null;
  const { user, status } = useSession();
  const mine = useMyRsvp(event?.id);
  const pageUrl = `${window.location.origin}/events/${slug}`;
  const cover = event?.cover_path ? publicFileUrl("event-covers", event.cover_path) : undefined;

  usePageTitle(event?.title ?? (query.isPending ? undefined : "Event not found"));
  useDocumentMeta(
    event && {
      description: metaDescription(event.description),
      openGraph: { title: event.title, type: "website", url: pageUrl, image: cover, site_name: "Gather" },
      jsonLd: eventJsonLd(event, pageUrl, cover),
    },
  );
  const viewer = status === "loading" ? undefined : user ? { id: user.id, name: viewerName(user) } : null;
  const live = useLiveEvent({ id: event?.id ?? "", slug }, viewer);

  if (query.isPending) return <EventPageSkeleton />;
  if (query.isError) return <LoadError what="this event" error={query.error} onRetry={() => void query.refetch()} />;
  if (!event) return <EventNotFoundState />;

  return (
    <EventLiveContext value={live}>
      <article className="flex flex-col gap-8">
        <EventHeader event={event} />
        <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
          {/* First in the DOM so phones see it right under the title; the right column on wider screens. */}
          <aside className="flex flex-col gap-6 md:sticky md:top-4 md:order-last md:self-start">
            <EventRsvpBox event={event} mine={mine} />
            <EventTeamLinks event={event} user={user} mine={mine} />
            <AttendeeAvatars event={event} />
          </aside>
          <div className="flex flex-col gap-6">
            <EventWhen startsAt={event.starts_at} endsAt={event.ends_at} timeZone={event.timezone} />
            <EventPlace event={event} showOnlineLink={mine?.status === "going"} />
            <div className="flex flex-wrap items-center gap-2">
              <CalendarButtons event={event} />
              <ShareButton url={pageUrl} />
              {user && user.id !== event.host_id && (
                <ReportButton target={{ type: "event", id: event.id }} reporterId={user.id} label="Report event" className="h-9" />
              )}
            </div>
            <EventVideo event={event} />
            <EventDescription description={event.description} />
            <Suspense fallback={<CommentsFallback />}>
              <CommentsSection event={event} />
            </Suspense>
          </div>
        </div>
      </article>
    </EventLiveContext>
  );
}

function CommentsFallback() {
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-4">
      <h2 id="comments-heading" className="text-xl font-semibold">
        Comments
      </h2>
      <Spinner label="Loading comments…" />
    </section>
  );
}
