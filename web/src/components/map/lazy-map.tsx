// Maps for features, code-split: Leaflet, its CSS and the world basemap load only when one of
// these renders. Import maps from here, never from base-map.tsx and friends directly.
import { lazy, Suspense } from "react";
import type { EventsMapProps } from "./events-map";
import type { LocationPickerProps } from "./location-picker";
import { MapErrorBoundary } from "./map-error-boundary";
import { MAP_SIZES } from "./map-sizes";
import { LocationPickerSkeleton, MapSkeleton } from "./map-skeleton";
import type { VenueMapProps } from "./venue-map";

export { hasPlace, type MapEvent } from "./map-event";
export type { LatLng } from "./location-picker-fields";
export type { VisibleArea } from "./report-moves";
export type { EventsMapProps, LocationPickerProps, VenueMapProps };

const EventsMap = lazy(() => import("./events-map").then((m) => ({ default: m.EventsMap })));
const VenueMap = lazy(() => import("./venue-map").then((m) => ({ default: m.VenueMap })));
const LocationPicker = lazy(() => import("./location-picker").then((m) => ({ default: m.LocationPicker })));

export function LazyEventsMap(props: EventsMapProps) {
  const size = props.className ?? MAP_SIZES.events;
  return (
    <MapErrorBoundary className={size}>
      <Suspense fallback={<MapSkeleton className={size} />}>
        <EventsMap {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}

export function LazyVenueMap(props: VenueMapProps) {
  const size = props.className ?? MAP_SIZES.venue;
  return (
    <MapErrorBoundary className={size}>
      <Suspense fallback={<MapSkeleton className={size} />}>
        <VenueMap {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}

export function LazyLocationPicker(props: LocationPickerProps) {
  const size = props.className ?? MAP_SIZES.picker;
  return (
    <MapErrorBoundary className={size}>
      <Suspense fallback={<LocationPickerSkeleton className={size} />}>
        <LocationPicker {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}
