import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays, MapPin, MonitorPlay, Navigation, Repeat, Ticket, Users } from "lucide-react";
import { Link } from "react-router";
import { categoryLabel } from "@/lib/categories";
import { formatEventStart } from "@/lib/datetime";
import { formatDistance } from "@/lib/i18n/format";
import { cardCoverImage } from "@/lib/images";
import type { EventCardData } from "../api/search-events";
import { priceLabel } from "./price-label";
import { spotsLabel } from "./spots-label";

type EventCardProps = {
  event: EventCardData;
  /** How far the venue is from the place Discover is filtered by, when there is one. */
  distanceKm?: number | null;
  /** The first cards are on the first screen: their covers load at once, the rest when scrolled near. */
  eager?: boolean;
};

export function EventCard({ event, distanceKm, eager = false }: EventCardProps) {
  const { t } = useLingui();
  const place = event.venue_name ?? (event.is_online ? t`Online` : "");
  const distance = distanceKm != null ? formatDistance(distanceKm) : null;
  const price = priceLabel(event);
  return (
    // The title link covers the whole card (after:absolute), so it is one tab stop.
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      {event.cover_path ? (
        <img
          {...cardCoverImage(event.cover_path)}
          alt=""
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : "auto"}
          decoding="async"
          className="aspect-[1200/630] w-full bg-muted object-cover"
        />
      ) : (
        // The same box without a picture, so the grid's cards line up.
        <div aria-hidden="true" className="aspect-[1200/630] w-full bg-gradient-to-br from-brand-100 to-secondary" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex items-center gap-2 text-sm font-medium text-brand-700">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          {/* In the event's own zone: that is when people need to be there. */}
          <time dateTime={event.starts_at}>{formatEventStart(event.starts_at, event.timezone)}</time>
        </p>
        {/* A series is one card, at its next date (decision 0322); the page-head's copy says the same. */}
        {event.more_dates ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Repeat aria-hidden="true" className="size-4 shrink-0" />
            <Plural value={event.more_dates} one="+# more date" other="+# more dates" />
          </p>
        ) : null}
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
          {event.venue_name && event.is_online && (
            <span className="shrink-0">
              <Trans>· also online</Trans>
            </span>
          )}
        </p>
        {distance && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Navigation aria-hidden="true" className="size-4 shrink-0" />
            {t`${distance} away`}
          </p>
        )}
        {price && (
          <p className="flex items-center gap-2 text-sm font-medium">
            <Ticket aria-hidden="true" className="size-4 shrink-0" />
            {price}
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
      </div>
    </article>
  );
}
