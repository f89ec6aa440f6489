import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { publicFileUrl } from "@/lib/supabase";
import { useDocumentMeta } from "@/lib/use-document-meta";
import { usePageTitle } from "@/lib/use-page-title";
import { eventDetailOptions } from "./api/get-event";
import { CalendarButtons } from "./components/calendar-buttons";
import { EventHeader } from "./components/event-header";
import { EventPageSkeleton } from "./components/event-page-skeleton";
import { EventPlace } from "./components/event-place";
import { EventRsvpBox, useMyRsvp } from "./components/event-rsvp-box";
import { EventWhen } from "./components/event-when";
import { ShareButton } from "./components/share-button";
import { eventJsonLd, metaDescription } from "./event-json-ld";
import { useLiveEvent } from "./hooks/use-live-event";

export function EventPage() {
  const { slug = "" } = useParams();
  const query = useQuery(eventDetailOptions(slug));
  const event = query.data ?? null;
  const { user } = useSession();
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
  useLiveEvent({ id: event?.id ?? "", slug }, user?.id);

  if (query.isPending) return <EventPageSkeleton />;
  if (query.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>Couldn't load this event. {errorMessage(query.error)}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!event) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-start gap-4 py-8">
        <h1 className="text-3xl font-bold tracking-tight">Event not found</h1>
        <p className="text-muted-foreground">This event doesn't exist, or it isn't visible to you.</p>
        <Button asChild>
          <Link to="/">Back to Discover</Link>
        </Button>
      </div>
    );
  }

  return (
    <article className="flex flex-col gap-8">
      <EventHeader event={event} />
      <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
        {/* First in the DOM so phones see it right under the title; the right column on wider screens. */}
        <aside className="md:sticky md:top-4 md:order-last md:self-start">
          <EventRsvpBox event={event} mine={mine} />
        </aside>
        <div className="flex flex-col gap-6">
          <EventWhen startsAt={event.starts_at} endsAt={event.ends_at} timeZone={event.timezone} />
          <EventPlace event={event} showOnlineLink={mine?.status === "going"} />
          <div className="flex flex-wrap gap-2">
            <CalendarButtons event={event} />
            <ShareButton url={pageUrl} />
          </div>
          <section aria-labelledby="about-heading" className="flex flex-col gap-2">
            <h2 id="about-heading" className="text-xl font-semibold">
              About this event
            </h2>
            {/* Plain text with its line breaks for now; Markdown (sanitised) is a later slice. */}
            <p className="whitespace-pre-line break-words leading-relaxed">{event.description || "No description yet."}</p>
          </section>
        </div>
      </div>
    </article>
  );
}
