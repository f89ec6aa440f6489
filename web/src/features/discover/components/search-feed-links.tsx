import { Trans } from "@lingui/react/macro";
import { Rss } from "lucide-react";
import { SubscribeLinks } from "@/components/calendar/subscribe-links";
import { calendarFeedUrl } from "@/lib/calendar-feeds";
import type { DiscoverFilters } from "../discover-filters";

/**
 * calendar-feed's search parameters for Discover's filters (decision 0137). A feed is every
 * upcoming date, so the date filters stay out; "my groups" does too (feeds are read as a visitor).
 */
export function searchFeedParams(filters: DiscoverFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q.trim()) params.q = filters.q.trim();
  if (filters.category) params.category = filters.category;
  if (filters.online) params.online = "1";
  if (filters.near) {
    params.near = `${filters.near.lat.toFixed(4)},${filters.near.lng.toFixed(4)}`;
    params.km = String(filters.radiusKm);
  }
  return params;
}

/** "Subscribe to this search": the current filters as a calendar and as RSS, folded away. */
export function SearchFeedLinks({ filters }: { filters: DiscoverFilters }) {
  const params = searchFeedParams(filters);
  const name = params.q ? `${params.q} · Gather` : "Gather";
  return (
    <details className="group text-sm">
      <summary className="cursor-pointer self-start font-medium text-brand-700 underline-offset-4 hover:underline">
        <Trans>Subscribe to this search</Trans>
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        <p className="max-w-prose text-muted-foreground">
          <Trans>
            Upcoming events that match the words, category, place and online filters, kept up to date in your calendar
            app. The dates you picked don't apply.
          </Trans>
        </p>
        <SubscribeLinks feedUrl={calendarFeedUrl(params)} name={name} />
        <a
          href={calendarFeedUrl(params, "rss")}
          type="application/rss+xml"
          className="inline-flex items-center gap-2 self-start font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <Rss aria-hidden="true" className="size-4" />
          <Trans>New events as RSS</Trans>
        </a>
      </div>
    </details>
  );
}
