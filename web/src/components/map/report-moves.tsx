import type { Map as LeafletMap } from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";

/** The map's visible box, as Leaflet reports it (longitudes may pass ±180 after panning round the world). */
export type VisibleArea = { south: number; west: number; north: number; east: number };

/** Maps being moved by code (FitToPoints): their moves are not the person's. */
export const movingByCode = new WeakSet<LeafletMap>();

/** Calls `onMove` with the visible box after each move the person makes (drag, zoom, keys). */
export function ReportMoves({ onMove }: { onMove: (area: VisibleArea) => void }) {
  const map = useMap();
  useEffect(() => {
    const moved = () => {
      if (movingByCode.has(map)) return;
      const b = map.getBounds();
      onMove({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() });
    };
    map.on("moveend", moved);
    return () => {
      map.off("moveend", moved);
    };
  }, [map, onMove]);
  return null;
}
