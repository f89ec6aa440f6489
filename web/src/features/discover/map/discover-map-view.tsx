import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LazyEventsMap, type VisibleArea } from "@/components/map/lazy-map";
import { MapSkeleton } from "@/components/map/map-skeleton";
import { MAP_SIZES } from "@/components/map/map-sizes";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { formatNumber } from "@/lib/i18n/format";
import { MAP_PIN_LIMIT, mapPinsOptions, type MapArea } from "../api/map-pins";
import { DiscoverEmptyState } from "../components/discover-empty-state";
import { hasActiveFilters, type DiscoverFilters } from "../discover-filters";
import { viewToParams } from "../discover-view";
import { areaFromParams, areaToParams } from "./map-area-param";

type DiscoverMapViewProps = { filters: DiscoverFilters; onClearFilters: () => void };

/**
 * The map view: every result with a place as a pin (clustered), zoomed to fit them. When the
 * person moves the map, "Search this area" searches the box they see, with the same filters,
 * and the map stays where they put it; the box is in the URL (?area=), so a link shows it again.
 * Online-only events have no place on a map; it says how many and links to the list, which
 * stays the complete (and most accessible) view.
 */
export function DiscoverMapView({ filters, onClearFilters }: DiscoverMapViewProps) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  // The box searched (null: the whole search), in the URL; and the box in view since the person last moved.
  const area = areaFromParams(params);
  const setArea = (next: MapArea | null) => setParams(areaToParams(next, params), { preventScrollReset: true });
  const [moved, setMoved] = useState<VisibleArea | null>(null);
  const query = useQuery({ ...mapPinsOptions(filters, area), placeholderData: keepPreviousData });

  if (query.isPending) {
    return <MapSkeleton className={MAP_SIZES.events} label={t`Loading events…`} />;
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

  const { pins, total, capped, onlineOnly } = query.data;
  if (total === 0 && !area) return <DiscoverEmptyState filtered={hasActiveFilters(filters)} onClear={onClearFilters} />;

  const listSearch = viewToParams("list", params).toString();
  const listTo = { search: listSearch ? `?${listSearch}` : "" };
  const limitN = formatNumber(MAP_PIN_LIMIT);
  const cap = limitN; // the list's "{cap}+ events" words
  const searchArea = () => {
    setArea(moved);
    setMoved(null);
  };

  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching}>
      <p role="status" className="text-sm text-muted-foreground">
        {capped ? (
          // Past the pins shown the rest is not counted (decision 0430).
          area ? (
            t`${cap}+ events in this area`
          ) : (
            t`${cap}+ events`
          )
        ) : area ? (
          <Plural value={total} _0="No events in this area" one="# event in this area" other="# events in this area" />
        ) : (
          <Plural value={total} one="# event" other="# events" />
        )}
        {onlineOnly > 0 && (
          <>
            {" · "}
            <Trans>
              <Plural value={onlineOnly} one="# online-only event is not on the map" other="# online-only events are not on the map" /> (
              <Link to={listTo} className="font-medium text-brand-700 underline underline-offset-4">
                see the list
              </Link>
              ).
            </Trans>
          </>
        )}
        {capped && <> · {t`Showing the first ${limitN}: zoom in and search this area for the rest.`}</>}
      </p>
      <div className="relative">
        <LazyEventsMap
          events={pins}
          label={t`Map of events`}
          area={filters.near ? { lat: filters.near.lat, lng: filters.near.lng, radiusKm: filters.radiusKm } : undefined}
          fit={area === null}
          view={area ?? undefined}
          onMove={setMoved}
        />
        {moved && (
          // Over the map (above Leaflet's panes), centred at the top, as map apps put it.
          <div className="pointer-events-none absolute inset-x-0 top-3 z-10 flex justify-center">
            <Button className="pointer-events-auto shadow-md" onClick={searchArea} disabled={query.isFetching}>
              <Search aria-hidden="true" />
              <Trans>Search this area</Trans>
            </Button>
          </div>
        )}
      </div>
      {area && (
        <p>
          <Button
            variant="outline"
            onClick={() => {
              setArea(null);
              setMoved(null);
            }}
          >
            <Trans>Show all results</Trans>
          </Button>
        </p>
      )}
    </div>
  );
}
