import { useSearchParams } from "react-router";
import { usePageTitle } from "@/lib/use-page-title";
import { EventListView } from "./components/event-list-view";
import { FilterBar } from "./components/filter-bar";
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, type DiscoverFilters } from "./discover-filters";

export function DiscoverPage() {
  usePageTitle("Discover events");
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const setFilters = (next: DiscoverFilters) => setParams(filtersToParams(next, params));

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
      {/* Views: only the list for now. Map and calendar views (issue 9) will sit beside it,
          chosen by a `view` search param that filtersToParams already leaves alone. */}
      <section aria-label="Events">
        <EventListView filters={filters} onClearFilters={() => setFilters(DEFAULT_FILTERS)} />
      </section>
    </div>
  );
}
