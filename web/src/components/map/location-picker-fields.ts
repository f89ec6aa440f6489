// The text <-> number side of LocationPicker's coordinate inputs, kept pure for testing.

export type LatLng = { lat: number; lng: number };
export type CoordinateDraft = { lat: string; lng: string };

/** Six decimals: about 10 cm, more than any venue needs, and short enough to read. */
export function roundCoordinate(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

export function toDraft(value: LatLng | null): CoordinateDraft {
  return value ? { lat: String(value.lat), lng: String(value.lng) } : { lat: "", lng: "" };
}

function parseNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!/^[-+]?\d+(\.\d+)?$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? roundCoordinate(n) : null;
}

export function parseLatitude(text: string): number | null {
  return parseNumber(text, -90, 90);
}

export function parseLongitude(text: string): number | null {
  return parseNumber(text, -180, 180);
}

/** The location typed, `null` when both boxes are empty, `undefined` while it is incomplete or invalid. */
export function parseDraft(draft: CoordinateDraft): LatLng | null | undefined {
  if (draft.lat.trim() === "" && draft.lng.trim() === "") return null;
  const lat = parseLatitude(draft.lat);
  const lng = parseLongitude(draft.lng);
  return lat === null || lng === null ? undefined : { lat, lng };
}

export function sameLocation(a: LatLng | null | undefined, b: LatLng | null | undefined): boolean {
  if (!a || !b) return a === b;
  return a.lat === b.lat && a.lng === b.lng;
}


