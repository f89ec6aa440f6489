// Leaflet-free, so features can use it without pulling the map into their chunk.

/** What a pin needs to know about an event. */
export type MapEvent = {
  id: string;
  slug: string;
  title: string;
  starts_at: string;
  timezone: string;
  venue_name: string | null;
  lat: number;
  lng: number;
};

/** Whether an event can go on a map (online-only events have no place). */
export function hasPlace<T extends { lat: number | null; lng: number | null }>(e: T): e is T & { lat: number; lng: number } {
  return e.lat !== null && e.lng !== null;
}
