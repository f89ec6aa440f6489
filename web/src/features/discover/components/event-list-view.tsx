import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/errors";
import { formatNumber } from "@/lib/i18n/format";
import { COUNT_CAP, discoverListOptions } from "../api/search-events";
import { hasActiveFilters, type DiscoverFilters } from "../discover-filters";
import { distanceFrom } from "../distance";
import { DiscoverEmptyState } from "./discover-empty-state";
import { useCardsInTurns } from "./cards-in-turns";
import { EventCard } from "./event-card";
import { EventCardSkeleton } from "./event-card-skeleton";

type EventListViewProps = { filters: DiscoverFilters; onClearFilters: () => void };

/** Discover's list view (the primary one): cards, 20 at a time, with "Load more". */
export function EventListView({ filters, onClearFilters }: EventListViewProps) {
  const { t } = useLingui();
  const query = useInfiniteQuery(discoverListOptions(filters));
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];
  const cards = useCardsInTurns(events.map((e) => `/events/${encodeURIComponent(e.slug)}`));

  if (query.isPending) {
    return (
      // The same column as the results, with the count's line, so the cards do not move down when it arrives.
      <div className="flex flex-col gap-6">
        {/* sr-only is out of the flow: no gap of its own. */}
        <Spinner className="sr-only" label={t`Loading events…`} />
        <p className="text-sm" aria-hidden="true">
          &nbsp;
        </p>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <EventCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (query.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>
          {t`Couldn't load events.`} {errorMessage(query.error)}
        </span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }

  const total = query.data.pages[0]?.total ?? 0;
  // Past COUNT_CAP the count is "1,000+" and what is left unknown (search_events_count).
  const capped = query.data.pages[0]?.capped ?? false;
  const cap = formatNumber(COUNT_CAP);
  const remaining = total - events.length;
  if (events.length === 0) {
    return <DiscoverEmptyState filtered={hasActiveFilters(filters)} onClear={onClearFilters} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-sm text-muted-foreground">
        {capped ? t`${cap}+ events` : <Plural value={total} one="# event" other="# events" />}
      </p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {events.map((event, i) =>
          cards.drawn(i) ? (
            <li key={event.id}>
              <EventCard event={event} distanceKm={distanceFrom(filters.near, event)} eager={i < 3} />
            </li>
          ) : (
            <li key={event.id} ref={cards.keep(i)} />
          ),
        )}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? (
              <Trans>Loading…</Trans>
            ) : capped ? (
              <Trans>Load more</Trans>
            ) : (
              <Plural value={remaining} one="Load more (# more)" other="Load more (# more)" />
            )}
          </Button>
        </div>
      )}
    </div>
  );
}
