import { latLngBounds, type LatLngTuple } from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { WORLD_VIEW } from "@/lib/map-config";
import { movingByCode } from "./report-moves";

// Close enough to see the streets around one venue, not so close that a city's pins merge.
const MAX_FIT_ZOOM = 13;

/** Moves the map to show all `points` whenever the set of points changes. */
export function FitToPoints({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  // A string key: a new array with the same points must not move the map under the user.
  const key = points.map(([lat, lng]) => `${lat},${lng}`).join(";");
  useEffect(() => {
    // Not animated: a new search unmounts this map, and Leaflet throws if a map is removed while
    // its zoom animation is still running (`_leaflet_pos` of undefined in _onZoomTransitionEnd).
    // Not animated, so the move (and its moveend) happens inside this block: not the person's move.
    movingByCode.add(map);
    if (points.length === 0) map.setView(WORLD_VIEW.center, WORLD_VIEW.zoom, { animate: false });
    else map.fitBounds(latLngBounds(points), { padding: [24, 24], maxZoom: MAX_FIT_ZOOM, animate: false });
    movingByCode.delete(map);
    // `key` stands for `points` in the dependencies.
  }, [map, key]);
  return null;
}
