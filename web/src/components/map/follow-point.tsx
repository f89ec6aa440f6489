import { useEffect } from "react";
import { useMap } from "react-leaflet";

/**
 * Keeps `point` in view when it changes after the map was created (MapContainer's center is
 * only read once), zooming in to at least `minZoom`.
 */
export function FollowPoint({ lat, lng, minZoom }: { lat: number; lng: number; minZoom: number }) {
  const map = useMap();
  useEffect(() => {
    if (map.getBounds().pad(-0.2).contains([lat, lng]) && map.getZoom() >= minZoom) return;
    map.setView([lat, lng], Math.max(map.getZoom(), minZoom));
  }, [map, lat, lng, minZoom]);
  return null;
}
