import { useLingui } from "@lingui/react/macro";
import type { LatLngTuple } from "leaflet";
import { Circle } from "react-leaflet";
import { BaseMap } from "./base-map";
import { EventMarkers } from "./event-markers";
import type { MapEvent } from "./map-event";
import { FitToPoints } from "./fit-to-points";
import { MAP_SIZES } from "./map-sizes";
import { ReportMoves, type VisibleArea } from "./report-moves";
import { ShowArea } from "./show-area";

export type EventsMapProps = {
  events: MapEvent[];
  /** The map's accessible name; "Map of events" by default. */
  label?: string;
  className?: string;
  /** A search area to outline (Discover's "within N km of"). */
  area?: { lat: number; lng: number; radiusKm: number };
  /** Zoom to fit the events when they change (true); false keeps the view the person chose. */
  fit?: boolean;
  /** A box to show instead of fitting the events (Discover's searched area, from its URL). */
  view?: VisibleArea;
  /** Called with the visible box after each move the person makes (Discover's "Search this area"). */
  onMove?: (area: VisibleArea) => void;
};

const AREA_STYLE = { color: "#4338ca", weight: 1.5, fillOpacity: 0.06, dashArray: "4 4" };

/** Clustered event pins on the base map, zoomed to fit them. */
export function EventsMap({ events, label, className = MAP_SIZES.events, area, fit = true, view, onMove }: EventsMapProps) {
  const { t } = useLingui();
  const points: LatLngTuple[] = events.map((e) => [e.lat, e.lng]);
  return (
    <BaseMap label={label ?? t`Map of events`} className={className}>
      {area && (
        <Circle center={[area.lat, area.lng]} radius={area.radiusKm * 1000} pathOptions={AREA_STYLE} interactive={false} />
      )}
      <EventMarkers events={events} />
      {view ? <ShowArea area={view} /> : fit && <FitToPoints points={points} />}
      {onMove && <ReportMoves onMove={onMove} />}
    </BaseMap>
  );
}
