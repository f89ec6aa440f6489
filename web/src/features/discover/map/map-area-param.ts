import type { MapArea } from "../api/map-pins";

// "Search this area" lives in the URL as ?area=south,west,north,east (4 decimals, ~11 m), so a
// shared or reloaded link shows the same box and the same results.
const NUMBER = String.raw`-?\d{1,3}(?:\.\d{1,6})?`;
const AREA = new RegExp(`^(${NUMBER}),(${NUMBER}),(${NUMBER}),(${NUMBER})$`);

/** The box in `?area=`, or null when absent or not a box on the globe. */
export function areaFromParams(params: URLSearchParams): MapArea | null {
  const m = AREA.exec(params.get("area") ?? "");
  if (!m) return null;
  const [south, west, north, east] = m.slice(1).map(Number) as [number, number, number, number];
  // Longitudes may pass ±180 after panning round the world (as Leaflet reports them), within one turn.
  const ok = Math.abs(south) <= 90 && Math.abs(north) <= 90 && south < north && west < east && east - west <= 360 && Math.abs(west) <= 540 && Math.abs(east) <= 540;
  return ok ? { south, west, north, east } : null;
}

/** The params with `area` set (rounded outwards, so the box still holds what was on screen) or removed. */
export function areaToParams(area: MapArea | null, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  if (!area) {
    params.delete("area");
    return params;
  }
  const down = (v: number) => String(Math.floor(v * 1e4) / 1e4);
  const up = (v: number) => String(Math.ceil(v * 1e4) / 1e4);
  params.set("area", [down(area.south), down(area.west), up(area.north), up(area.east)].join(","));
  return params;
}
