import { latLngBounds } from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { movingByCode, type VisibleArea } from "./report-moves";

/**
 * Shows `area` (a box from a link or a reload) unless the map already shows it — as right after
 * the person searched the box they were looking at, whose view must stay exactly as they put it.
 */
export function ShowArea({ area }: { area: VisibleArea }) {
  const map = useMap();
  const { south, west, north, east } = area;
  useEffect(() => {
    const box = latLngBounds([south, west], [north, east]);
    if (map.getBounds().pad(0.01).contains(box)) return;
    // Not animated, so the move (and its moveend) happens inside this block: not the person's move.
    movingByCode.add(map);
    map.fitBounds(box, { animate: false });
    movingByCode.delete(map);
  }, [map, south, west, north, east]);
  return null;
}
