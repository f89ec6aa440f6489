import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { DraftBadge } from "@/components/events/draft-badge";
import { Badge } from "@/components/ui/badge";
import { categoryLabel } from "@/lib/categories";
import { formatList } from "@/lib/i18n/format";
import { eventCoverImage } from "@/lib/images";
import type { EventDetail } from "../api/get-event";
import { MembersOnlyBadge } from "../group/event-group-chip";

/** Cover, draft or cancelled banner, category, title and hosts. */
export function EventHeader({ event }: { event: EventDetail }) {
  const cohosts = event.event_hosts
    .filter((h) => h.role === "cohost" && h.profile)
    .map((h) => h.profile!.display_name);
  const names = [event.host?.display_name, ...cohosts].filter((n): n is string => Boolean(n));
  const hosts = names.length ? formatList(names) : "";
  return (
    <header className="flex flex-col gap-4">
      {event.cover_path && (
        <img
          // Sized to the viewport, and the very srcset the page's HTML preloads (decision 0161).
          {...eventCoverImage(event.cover_path)}
          alt=""
          // The page's largest paint: fetch it ahead of below-the-fold images.
          fetchPriority="high"
          className="aspect-[1200/630] w-full rounded-xl bg-muted object-cover"
        />
      )}
      {event.status === "cancelled" && (
        <p role="status" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900">
          <Trans>This event was cancelled.</Trans>
          {event.cancel_reason ? ` ${event.cancel_reason}` : ""}
        </p>
      )}
      {event.status === "draft" && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <span className="font-medium">
            <Trans>This event is a draft.</Trans>
          </span>{" "}
          <Trans>Only its hosts can see this page, and nobody can RSVP until it is published.</Trans>{" "}
          <Link to={`/events/${event.slug}/edit`} className="font-medium underline underline-offset-4">
            <Trans>Edit and publish</Trans>
          </Link>
        </p>
      )}
      <p className="flex flex-wrap gap-2">
        {event.status === "draft" && <DraftBadge size="md" />}
        <Badge tone="brand" size="md">
          {categoryLabel(event.category)}
        </Badge>
        {event.visibility === "members" && <MembersOnlyBadge />}
      </p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{event.title}</h1>
      {hosts && (
        <p className="text-muted-foreground">
          <Trans>Hosted by {hosts}</Trans>
        </p>
      )}
    </header>
  );
}
