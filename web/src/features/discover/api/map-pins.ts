import { queryOptions } from "@tanstack/react-query";
import type { MapEvent } from "@/components/map/lazy-map";
import type { DiscoverFilters } from "../discover-filters";
import { filterWindow } from "../filter-range";
import { discoverKeys } from "./discover-keys";
import { byDate } from "./search-events";

/** A box on the map: south/north latitudes, west/east longitudes as Leaflet reports them (may pass ±180). */
export type MapArea = { south: number; west: number; north: number; east: number };

/**
 * The most pins one search puts on the map; past this the view says so and asks to zoom in
 * (decision 0454). The read asks for one more, which must fit under the API's `max_rows` (1,000
 * here and on hosted Supabase): at 1,000 that row was cut off and "1,000+" never showed. 500
 * halves the read's time, bytes and markers on a busy map, a view a phone cannot show at once.
 */
export const MAP_PIN_LIMIT = 500;

// A pin's columns only: the map needs no covers, stats or descriptions.
const PIN_COLUMNS = "id, slug, title, starts_at, timezone, venue_name, lat, lng";

/** `capped`: more than MAP_PIN_LIMIT events found (`total` is then MAP_PIN_LIMIT + 1), how many more unknown. */
export type MapPins = { pins: MapEvent[]; total: number; capped: boolean; onlineOnly: number };

/** Longitudes wrapped into [-180, 180]; null when the box spans the whole world. */
export function longitudeRange(area: MapArea): { west: number; east: number } | null {
  if (area.east - area.west >= 360) return null;
  const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  return { west: wrap(area.west), east: wrap(area.east) };
}

/**
 * Every result of Discover's search that has a place, inside `area` when given (the map's
 * "Search this area"): discover_events with the same filters as the list, narrowed by the box on
 * its result set (PostgREST filters on a set-returning function), so no second search function
 * has to keep in step with the first.
 */
export async function searchMapPins(filters: DiscoverFilters, area: MapArea | null, now = new Date()): Promise<MapPins> {
  // The first pins by date and one more, which says there are more than the map shows: a count
  // of every match grew with the table (decision 0430).
  let request = byDate(filters, filterWindow(filters, now), PIN_COLUMNS, MAP_PIN_LIMIT + 1);
  if (area) {
    request = request.gte("lat", area.south).lte("lat", area.north);
    const lng = longitudeRange(area);
    if (lng && lng.west <= lng.east) request = request.gte("lng", lng.west).lte("lng", lng.east);
    // Across the antimeridian the box is two ranges.
    else if (lng) request = request.or(`lng.gte.${lng.west},lng.lte.${lng.east}`);
  }
  const { data, error } = await request;
  if (error) throw error;
  const found = (data ?? []) as unknown as (Omit<MapEvent, "lat" | "lng"> & { lat: number | null; lng: number | null })[];
  const capped = found.length > MAP_PIN_LIMIT;
  const rows = found.slice(0, MAP_PIN_LIMIT);
  const pins = rows.filter((r): r is MapEvent => r.lat !== null && r.lng !== null);
  return { pins, total: found.length, capped, onlineOnly: rows.length - pins.length };
}

export function mapPinsOptions(filters: DiscoverFilters, area: MapArea | null) {
  return queryOptions({
    queryKey: [...discoverKeys.all, "map", filters, area] as const,
    queryFn: () => searchMapPins(filters, area),
  });
}
