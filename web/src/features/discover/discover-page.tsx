import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { MapSkeleton } from "@/components/map/map-skeleton";
import { MAP_SIZES } from "@/components/map/map-sizes";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { ForYou } from "@/features/recommendations/for-you";
import { usePageTitle } from "@/lib/use-page-title";
import { EventListView } from "./components/event-list-view";
import { FilterBar } from "./components/filter-bar";
import { SearchFeedLinks } from "./components/search-feed-links";
import { ViewSwitcher } from "./components/view-switcher";
import {
  applyFilterChange,
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  type DiscoverFilters,
} from "./discover-filters";
import { viewFromParams, type DiscoverView } from "./discover-view";

// The list is the first view most people see; the other two load when chosen.
const CalendarView = lazy(() => import("./calendar/calendar-view").then((m) => ({ default: m.CalendarView })));
const DiscoverMapView = lazy(() => import("./map/discover-map-view").then((m) => ({ default: m.DiscoverMapView })));

function ViewSkeleton({ view }: { view: DiscoverView }) {
  const { t } = useLingui();
  if (view === "map") return <MapSkeleton className={MAP_SIZES.events} label={t`Loading events…`} />;
  return (
    <div>
      <Spinner className="sr-only" label={t`Loading events…`} />
      <Skeleton className="h-[28rem] w-full rounded-xl" />
    </div>
  );
}

const SECTION_LABELS: Record<DiscoverView, MessageDescriptor> = {
  list: msg`Events`,
  map: msg`Events on a map`,
  calendar: msg`Events calendar`,
};

export function DiscoverPage() {
  const { t } = useLingui();
  usePageTitle(t`Discover events`);
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const view = viewFromParams(params);
  // The URL is the state: view, filters and the calendar's month, so a link reproduces the screen.
  // A navigation lands a moment after it starts; until the URL shows it, the next change builds
  // on it (`pending`), not on the screen's older filters.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === params.toString()) pending.current = null;
  }, [params]);
  const navigateTo = (next: URLSearchParams) => {
    pending.current = next;
    setParams(next, { preventScrollReset: true });
  };
  const setFilters = (next: DiscoverFilters) => {
    const latest = pending.current ?? params;
    navigateTo(filtersToParams(applyFilterChange(filters, next, filtersFromParams(latest)), latest));
  };
  const clearFilters = () => navigateTo(filtersToParams(DEFAULT_FILTERS, pending.current ?? params));

  return (
    // On a phone the first screen is for events: a smaller title, no introduction, tighter gaps.
    <div className="flex flex-col gap-4 sm:gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          <Trans>Discover events</Trans>
        </h1>
        <p className="hidden max-w-prose text-muted-foreground sm:block">
          <Trans>
            Meetups, club nights, talks and workshops hosted by people near you. RSVP in one click or get tickets,
            and add them to your calendar.
          </Trans>
        </p>
      </div>
      <FilterBar filters={filters} onChange={setFilters} />
      <div className="flex flex-col gap-4 sm:gap-6">
        <ViewSwitcher view={view} />
        <section aria-label={t(SECTION_LABELS[view])}>
          <Suspense fallback={<ViewSkeleton view={view} />}>
            {view === "map" ? (
              // A new search starts again at the first page of pins.
              <DiscoverMapView key={JSON.stringify(filters)} filters={filters} onClearFilters={clearFilters} />
            ) : view === "calendar" ? (
              <CalendarView filters={filters} />
            ) : (
              <EventListView filters={filters} onClearFilters={clearFilters} />
            )}
          </Suspense>
        </section>
        <SearchFeedLinks filters={filters} />
      </div>
      <ForYou />
    </div>
  );
}
