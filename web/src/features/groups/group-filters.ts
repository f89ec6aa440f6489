import { CATEGORIES, type EventCategory } from "@/lib/categories";

// /groups' filters live in the URL, as Discover's do (decision 0061), with the same parameter
// names (q, category, near, place, radius), so a link from one to the other reads the same.

export const GROUP_RADIUS_OPTIONS = [5, 10, 25, 50, 100] as const;
export const DEFAULT_GROUP_RADIUS_KM = 25;

/** A point to measure distance from: a searched place, or the viewer's location (label ""). */
export type NearPoint = { lat: number; lng: number; label: string };

export type GroupFilters = {
  q: string;
  category: EventCategory | null;
  near: NearPoint | null;
  radiusKm: number;
  /** Only the groups I am an active member of. */
  mine: boolean;
};

export const DEFAULT_GROUP_FILTERS: GroupFilters = { q: "", category: null, near: null, radiusKm: DEFAULT_GROUP_RADIUS_KM, mine: false };

const PARAMS = ["q", "category", "near", "place", "radius", "mine"];

function isCategory(v: string | null): v is EventCategory {
  return v !== null && (CATEGORIES as readonly string[]).includes(v);
}

/** "38.7223,-9.1393" → a point, or null when malformed or off the globe. */
function parseNear(v: string | null): { lat: number; lng: number } | null {
  const m = /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/.exec(v ?? "");
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

function parseRadius(v: string | null): number {
  const n = Number(v);
  return (GROUP_RADIUS_OPTIONS as readonly number[]).includes(n) ? n : DEFAULT_GROUP_RADIUS_KM;
}

/** Reads filters from the URL; unknown or malformed values fall back to the defaults. */
export function groupFiltersFromParams(params: URLSearchParams): GroupFilters {
  const category = params.get("category");
  const point = parseNear(params.get("near"));
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    category: isCategory(category) ? category : null,
    near: point ? { ...point, label: (params.get("place") ?? "").slice(0, 120) } : null,
    radiusKm: point ? parseRadius(params.get("radius")) : DEFAULT_GROUP_RADIUS_KM,
    mine: params.get("mine") === "1",
  };
}

/** Writes filters to the URL, leaving defaults out so links stay short; other params are kept. */
export function groupFiltersToParams(filters: GroupFilters, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of PARAMS) params.delete(key);
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.category) params.set("category", filters.category);
  if (filters.near) {
    params.set("near", `${filters.near.lat},${filters.near.lng}`);
    if (filters.near.label) params.set("place", filters.near.label);
    if (filters.radiusKm !== DEFAULT_GROUP_RADIUS_KM) params.set("radius", String(filters.radiusKm));
  }
  if (filters.mine) params.set("mine", "1");
  return params;
}

export function hasActiveGroupFilters(filters: GroupFilters): boolean {
  return filters.q.trim() !== "" || filters.category !== null || filters.near !== null || filters.mine;
}
