import "./map.css";
import type { LatLngBoundsExpression, LatLngTuple } from "leaflet";
import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { AttributionControl, MapContainer, TileLayer, ZoomControl } from "react-leaflet";
import { tileConfig, WORLD_VIEW, type MapCreditWords } from "@/lib/map-config";
import { cn } from "@/lib/utils";
import { WorldBasemap } from "./world-basemap";

// A failed tile shows as nothing (the basemap underneath), never as a broken-image icon.
const BLANK_TILE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

export type BaseMapProps = {
  /** The map's accessible name, e.g. "Map of events" (the region landmark's label). */
  label: string;
  center?: LatLngTuple;
  zoom?: number;
  /** Used instead of center/zoom when given. */
  bounds?: LatLngBoundsExpression;
  /** Size and shape of the map box (a height is required: Leaflet needs one). */
  className?: string;
  /** Page-scrolling pages: the wheel scrolls the page unless the map is focused. */
  scrollWheelZoom?: boolean | "center";
  children?: ReactNode;
};

/**
 * Tiles from config (lib/map-config.ts) over the bundled world basemap, with the attribution
 * control. Everything map-shaped in the app builds on this; import it only from lazily loaded
 * modules (see lazy-map.tsx), so Leaflet stays out of the first page load.
 */
export function BaseMap({ label, center, zoom, bounds, className, scrollWheelZoom = false, children }: BaseMapProps) {
  const { t } = useLingui();
  // Leaflet's own controls and the credits in the reader's language (issue 32).
  const credits: MapCreditWords = {
    osm: (osm) => t({ message: `© ${osm} contributors`, comment: "Map credits; {osm} is a link named OpenStreetMap" }),
    land: (naturalEarth) => t({ message: `Land: ${naturalEarth}`, comment: "Map credits; {naturalEarth} is a link named Natural Earth" }),
  };
  const tiles = tileConfig(import.meta.env, credits);
  const leaflet = `<a href="https://leafletjs.com" title="${t`A JavaScript library for interactive maps`}">Leaflet</a>`;
  const view = bounds ? { bounds } : { center: center ?? WORLD_VIEW.center, zoom: zoom ?? WORLD_VIEW.zoom };
  return (
    <div role="region" aria-label={label} className={cn("relative isolate overflow-hidden rounded-xl border border-border", className)}>
      <MapContainer
        {...view}
        className="gather-map h-full w-full"
        scrollWheelZoom={scrollWheelZoom}
        worldCopyJump
        minZoom={0}
        zoomControl={false}
        attributionControl={false}
      >
        <ZoomControl position="topleft" zoomInTitle={t`Zoom in`} zoomOutTitle={t`Zoom out`} />
        <AttributionControl position="bottomright" prefix={leaflet} />
        <WorldBasemap credits={credits} />
        {tiles.url && (
          <TileLayer url={tiles.url} attribution={tiles.attribution} maxZoom={tiles.maxZoom} errorTileUrl={BLANK_TILE} />
        )}
        {children}
      </MapContainer>
    </div>
  );
}
