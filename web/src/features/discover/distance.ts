/** Great-circle distance in km (haversine, the same formula as the database's distance_km). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 6371.0088 * 2 * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** How far an event's venue is from the place Discover is filtered by, when both are known. */
export function distanceFrom(
  near: { lat: number; lng: number } | null,
  event: { lat: number | null; lng: number | null },
): number | null {
  if (!near || event.lat === null || event.lng === null) return null;
  return distanceKm(near, { lat: event.lat, lng: event.lng });
}
