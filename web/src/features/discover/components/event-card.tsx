import { CalendarDays, MapPin, MonitorPlay, Navigation, Users } from "lucide-react";
import { Link } from "react-router";
import { formatEventStart } from "@/lib/datetime";
import type { EventCardData } from "../api/search-events";
import { categoryLabel } from "../discover-filters";
import { formatDistance } from "../distance";
import { spotsLabel } from "./spots-label";

type EventCardProps = {
  event: EventCardData;
  /** How far the venue is from the place Discover is filtered by, when there is one. */
  distanceKm?: number | null;
};

export function EventCard({ event, distanceKm }: EventCardProps) {
  const place = event.venue_name ?? (event.is_online ? "Online" : "");
  return (
    // The title link covers the whole card (after:absolute), so it is one tab stop.
    <article className="relative flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <p className="flex items-center gap-2 text-sm font-medium text-brand-700">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        {/* In the event's own zone: that is when people need to be there. */}
        <time dateTime={event.starts_at}>{formatEventStart(event.starts_at, event.timezone)}</time>
      </p>
      <h2 className="text-lg font-semibold leading-snug">
        <Link to={`/events/${event.slug}`} className="after:absolute after:inset-0 focus:outline-none">
          {event.title}
        </Link>
      </h2>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        {event.venue_name ? (
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
        ) : (
          <MonitorPlay aria-hidden="true" className="size-4 shrink-0" />
        )}
        <span className="truncate">{place}</span>
        {event.venue_name && event.is_online && <span className="shrink-0">· also online</span>}
      </p>
      {distanceKm != null && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Navigation aria-hidden="true" className="size-4 shrink-0" />
          {formatDistance(distanceKm)} away
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">
        <span className="rounded-full bg-secondary px-2.5 py-0.5 font-medium text-secondary-foreground">
          {categoryLabel(event.category)}
        </span>
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <Users aria-hidden="true" className="size-4" />
          {spotsLabel(event)}
        </span>
      </div>
    </article>
  );
}
