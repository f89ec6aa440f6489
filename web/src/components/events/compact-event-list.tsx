import { Plural, useLingui } from "@lingui/react/macro";
import { CalendarDays, MapPin, MonitorPlay } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatEventStart } from "@/lib/datetime";
import { thumbnailImage } from "@/lib/images";
import { collapseSeries } from "./collapse-series";

export type CompactEvent = {
  id: string;
  slug: string;
  title: string;
  starts_at: string;
  timezone: string;
  venue_name: string | null;
  is_online: boolean;
  status: "draft" | "published" | "cancelled";
  /** Shown as a thumbnail when the list's query selects it. */
  cover_path?: string | null;
  /** The series this date belongs to, when the list's query selects it (for `collapseSeries`). */
  series_id?: string | null;
};

/** The thumbnail's CSS box: 64 px square (size-16), fetched at 1× and 2×. */
const THUMB_PX = 64;

type Item = { event: CompactEvent; badges?: ReactNode; actions?: ReactNode };

type CompactEventListProps = {
  items: Item[];
  label: string;
  /** One row per series (its first date here), saying how many more dates the list held. */
  series?: "collapse";
};

/** A dense list of events (a profile's, /me's): date, title link, place, and status badges. */
export function CompactEventList({ items, label, series }: CompactEventListProps) {
  const { t } = useLingui();
  const rows = series === "collapse" ? collapseSeries(items) : items.map((item) => ({ ...item, moreDates: 0 }));
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card">
      {rows.map(({ event, badges, actions, moreDates }) => (
        <li key={event.id} className="flex flex-col gap-1.5 p-4 sm:flex-row sm:items-center sm:gap-4">
          <div className="flex min-w-0 flex-1 gap-4">
            {event.cover_path !== undefined &&
              (event.cover_path ? (
                <img
                  {...thumbnailImage(event.cover_path, THUMB_PX)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-16 shrink-0 rounded-lg bg-muted object-cover"
                />
              ) : (
                <div aria-hidden="true" className="size-16 shrink-0 rounded-lg bg-gradient-to-br from-brand-100 to-secondary" />
              ))}
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="flex items-center gap-2 text-sm font-medium text-brand-700">
                <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                <time dateTime={event.starts_at}>{formatEventStart(event.starts_at, event.timezone)}</time>
              </p>
              <h3 className="font-semibold leading-snug">
                <Link to={`/events/${event.slug}`} className="rounded-sm underline-offset-4 hover:underline">
                  {event.title}
                </Link>
              </h3>
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                {event.venue_name ? (
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                ) : (
                  <MonitorPlay aria-hidden="true" className="size-4 shrink-0" />
                )}
                <span className="truncate">{event.venue_name ?? (event.is_online ? t`Online` : t`Place to be announced`)}</span>
              </p>
              {moreDates > 0 && (
                <p className="text-sm text-muted-foreground">
                  <Plural
                    value={moreDates}
                    one="Repeats: # more date in this series"
                    other="Repeats: # more dates in this series"
                  />
                </p>
              )}
            </div>
          </div>
          {(badges || actions) && (
            <div className="flex flex-wrap items-center gap-2">
              {badges}
              {actions}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
