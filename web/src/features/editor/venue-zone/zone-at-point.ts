import { isKnownTimeZone } from "@/lib/datetime";

/**
 * The IANA zone at a point, offline, from the package the geocode function uses
 * (@photostructure/tz-lookup, decision 0300). Loaded on first use, as its own chunk (29 KB gzip),
 * so the editor does not carry it until a venue has coordinates.
 */
export async function zoneAtPoint(lat: number, lng: number): Promise<string | null> {
  const { default: tzlookup } = await import("@photostructure/tz-lookup");
  try {
    const zone = tzlookup(lat, lng);
    return isKnownTimeZone(zone) ? zone : null;
  } catch {
    return null; // coordinates out of range: the form says so beside the boxes
  }
}

/** A point from the editor's coordinate boxes, or null while either is empty or not a number. */
export function pointOf(lat: string, lng: string): { lat: number; lng: number } | null {
  if (lat.trim() === "" || lng.trim() === "") return null;
  const point = { lat: Number(lat), lng: Number(lng) };
  return Number.isFinite(point.lat) && Number.isFinite(point.lng) ? point : null;
}
