import "./map.css";
import type { LatLngBoundsExpression, LatLngTuple } from "leaflet";
import type { ReactNode } from "react";
import { MapContainer, TileLayer } from "react-leaflet";
import { tileConfig, WORLD_VIEW } from "@/lib/map-config";
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
  const tiles = tileConfig();
  const view = bounds ? { bounds } : { center: center ?? WORLD_VIEW.center, zoom: zoom ?? WORLD_VIEW.zoom };
  return (
    <div role="region" aria-label={label} className={cn("relative isolate overflow-hidden rounded-xl border border-border", className)}>
      <MapContainer
        {...view}
        className="gather-map h-full w-full"
        scrollWheelZoom={scrollWheelZoom}
        worldCopyJump
        minZoom={0}
      >
        <WorldBasemap />
        {tiles.url && (
          <TileLayer url={tiles.url} attribution={tiles.attribution} maxZoom={tiles.maxZoom} errorTileUrl={BLANK_TILE} />
        )}
        {children}
      </MapContainer>
    </div>
  );
}
