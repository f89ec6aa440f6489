// The IANA zone of a point, offline: @photostructure/tz-lookup (CC0, 73 KB), built from the
// maintained timezone-boundary-builder shapes. On the 24,323 cities of the gazetteer it gives the
// same UTC offsets as geo-tz (the exact shapes, 71 MB installed) for 99.45% of them; the rest are
// near borders, where the editor shows the zone and the host can change it (decision 0300).
import tzlookup from 'npm:@photostructure/tz-lookup@11';

/** The zone at (lat, lng), as the database and Intl spell it, or null for a point it cannot place. */
export function timeZoneAt(lat: number, lng: number): string | null {
  try {
    const zone = tzlookup(lat, lng);
    new Intl.DateTimeFormat('en-US', { timeZone: zone }); // a name this runtime knows, or throws
    return zone;
  } catch {
    return null;
  }
}
