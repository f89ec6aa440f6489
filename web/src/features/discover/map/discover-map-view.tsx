import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { hasPlace, LazyEventsMap, type MapEvent } from "@/components/map/lazy-map";
import { MapSkeleton } from "@/components/map/map-skeleton";
import { MAP_SIZES } from "@/components/map/map-sizes";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { discoverPageOptions, PAGE_SIZE } from "../api/search-events";
import { DiscoverEmptyState } from "../components/discover-empty-state";
import { hasActiveFilters, type DiscoverFilters } from "../discover-filters";
import { viewToParams } from "../discover-view";

type DiscoverMapViewProps = { filters: DiscoverFilters; onClearFilters: () => void };

/**
 * The map view: the current page of 20 results as pins, the map zoomed to fit them, with
 * previous/next page. Online-only events have no place on a map; it says how many and links
 * to the list, which stays the complete (and most accessible) view.
 */
export function DiscoverMapView({ filters, onClearFilters }: DiscoverMapViewProps) {
  const [page, setPage] = useState(0);
  const [params] = useSearchParams();
  const query = useQuery(discoverPageOptions(filters, page));

  if (query.isPending) {
    return <MapSkeleton className={MAP_SIZES.events} label="Loading events…" />;
  }
  if (query.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>Couldn't load events. {errorMessage(query.error)}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const { events, total } = query.data;
  if (total === 0) return <DiscoverEmptyState filtered={hasActiveFilters(filters)} onClear={onClearFilters} />;

  const pins: MapEvent[] = events.filter(hasPlace);
  const onlineOnly = events.length - pins.length;
  const first = page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + events.length;
  const pages = Math.ceil(total / PAGE_SIZE);
  const listSearch = viewToParams("list", params).toString();

  return (
    <div className="flex flex-col gap-4" aria-busy={query.isPlaceholderData}>
      <p role="status" className="text-sm text-muted-foreground">
        {pages === 1 ? (total === 1 ? "1 event" : `${total} events`) : `Events ${first}–${last} of ${total}`}
        {onlineOnly > 0 && (
          <>
            {" · "}
            {onlineOnly === 1 ? "1 online-only event is" : `${onlineOnly} online-only events are`} not on the map (
            <Link to={{ search: listSearch ? `?${listSearch}` : "" }} className="font-medium text-brand-700 underline underline-offset-4">
              see the list
            </Link>
            ).
          </>
        )}
      </p>
      <LazyEventsMap
        events={pins}
        label="Map of events"
        area={filters.near ? { lat: filters.near.lat, lng: filters.near.lng, radiusKm: filters.radiusKm } : undefined}
      />
      {pages > 1 && (
        <nav aria-label="Map pages" className="flex items-center justify-between gap-3">
          <Button variant="outline" onClick={() => setPage((p) => p - 1)} disabled={page === 0 || query.isFetching}>
            <ChevronLeft aria-hidden="true" />
            Previous<span className="sr-only sm:not-sr-only"> page</span>
          </Button>
          <span className="whitespace-nowrap text-sm text-muted-foreground">
            Page {page + 1} of {pages}
          </span>
          <Button variant="outline" onClick={() => setPage((p) => p + 1)} disabled={page + 1 >= pages || query.isFetching}>
            Next<span className="sr-only sm:not-sr-only"> page</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
