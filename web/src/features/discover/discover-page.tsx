import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { MapSkeleton } from "@/components/map/map-skeleton";
import { MAP_SIZES } from "@/components/map/map-sizes";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { usePageTitle } from "@/lib/use-page-title";
import { EventListView } from "./components/event-list-view";
import { FilterBar } from "./components/filter-bar";
import { ViewSwitcher } from "./components/view-switcher";
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, type DiscoverFilters } from "./discover-filters";
import { viewFromParams, type DiscoverView } from "./discover-view";

// The list is the first view most people see; the other two load when chosen.
const CalendarView = lazy(() => import("./calendar/calendar-view").then((m) => ({ default: m.CalendarView })));
const DiscoverMapView = lazy(() => import("./map/discover-map-view").then((m) => ({ default: m.DiscoverMapView })));

function ViewSkeleton({ view }: { view: DiscoverView }) {
  if (view === "map") return <MapSkeleton className={MAP_SIZES.events} label="Loading events…" />;
  return (
    <div>
      <Spinner className="sr-only" label="Loading events…" />
      <Skeleton className="h-[28rem] w-full rounded-xl" />
    </div>
  );
}

const SECTION_LABELS: Record<DiscoverView, string> = {
  list: "Events",
  map: "Events on a map",
  calendar: "Events calendar",
};

export function DiscoverPage() {
  usePageTitle("Discover events");
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const view = viewFromParams(params);
  // The URL is the state: view, filters and the calendar's month, so a link reproduces the screen.
  const setFilters = (next: DiscoverFilters) => setParams(filtersToParams(next, params), { preventScrollReset: true });
  const clearFilters = () => setFilters(DEFAULT_FILTERS);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Discover events</h1>
        <p className="max-w-prose text-muted-foreground">
          Meetups, club nights, talks and workshops hosted by people near you. Every event is
          free — RSVP in one click and add it to your calendar.
        </p>
      </div>
      <FilterBar filters={filters} onChange={setFilters} />
      <div className="flex flex-col gap-6">
        <ViewSwitcher view={view} />
        <section aria-label={SECTION_LABELS[view]}>
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
      </div>
    </div>
  );
}
