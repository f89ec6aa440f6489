import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { CATEGORIES, type EventCategory } from "@/lib/categories";
import { parseDayKey, type WhenFilter } from "@/lib/datetime";

export type { EventCategory };

/** The "When" choices: the presets, or "dates" for a from/to range. */
export type WhenChoice = WhenFilter | "dates";

export const WHEN_OPTIONS: readonly { value: WhenChoice; label: MessageDescriptor }[] = [
  { value: "any", label: msg`Any time` },
  { value: "today", label: msg`Today` },
  { value: "week", label: msg`This week` },
  { value: "weekend", label: msg`This weekend` },
  { value: "dates", label: msg`Pick dates…` },
];

export const RADIUS_OPTIONS = [5, 10, 25, 50, 100] as const;
export const DEFAULT_RADIUS_KM = 25;

/** A point to measure distance from: a searched place, or the viewer's location (label ""). */
export type NearPlace = { lat: number; lng: number; label: string };

/** Discover's filters. They live in the URL so a filtered view can be shared or bookmarked. */
export type DiscoverFilters = {
  q: string;
  category: EventCategory | null;
  when: WhenChoice;
  /** With when = "dates": the first and last day (inclusive, the viewer's dates), "2026-11-25". */
  from: string | null;
  to: string | null;
  online: boolean;
  near: NearPlace | null;
  radiusKm: number;
  /** Only events of the groups I'm an active member of (signed-in members; `groups=mine`). */
  myGroups: boolean;
};

export const DEFAULT_FILTERS: DiscoverFilters = {
  q: "", category: null, when: "any", from: null, to: null, online: false, near: null, radiusKm: DEFAULT_RADIUS_KM,
  myGroups: false,
};

const FILTER_PARAMS = ["q", "category", "when", "from", "to", "online", "near", "place", "radius", "groups"];

function isCategory(v: string | null): v is EventCategory {
  return v !== null && (CATEGORIES as readonly string[]).includes(v);
}

function isWhen(v: string | null): v is WhenChoice {
  return v !== null && WHEN_OPTIONS.some((o) => o.value === v);
}

function dayParam(v: string | null): string | null {
  return v !== null && parseDayKey(v) ? v : null;
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
  return (RADIUS_OPTIONS as readonly number[]).includes(n) ? n : DEFAULT_RADIUS_KM;
}

/** Reads filters from the URL; unknown or malformed values fall back to the defaults. */
export function filtersFromParams(params: URLSearchParams): DiscoverFilters {
  const category = params.get("category");
  const when = params.get("when");
  let from = dayParam(params.get("from"));
  let to = dayParam(params.get("to"));
  // Dates in the URL mean a date range even without when=dates (a hand-written link).
  const whenChoice: WhenChoice = from || to ? "dates" : isWhen(when) ? when : "any";
  if (whenChoice !== "dates") from = to = null;
  if (from && to && from > to) [from, to] = [to, from];
  const point = parseNear(params.get("near"));
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    category: isCategory(category) ? category : null,
    when: whenChoice,
    from,
    to,
    online: params.get("online") === "1",
    near: point ? { ...point, label: (params.get("place") ?? "").slice(0, 120) } : null,
    radiusKm: point ? parseRadius(params.get("radius")) : DEFAULT_RADIUS_KM,
    myGroups: params.get("groups") === "mine",
  };
}

/** Writes filters to the URL, leaving defaults out so links stay short; other params are kept. */
export function filtersToParams(filters: DiscoverFilters, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of FILTER_PARAMS) params.delete(key);
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.category) params.set("category", filters.category);
  if (filters.when !== "any") params.set("when", filters.when);
  if (filters.when === "dates") {
    if (filters.from) params.set("from", filters.from);
    if (filters.to) params.set("to", filters.to);
  }
  if (filters.online) params.set("online", "1");
  if (filters.near) {
    params.set("near", `${filters.near.lat},${filters.near.lng}`);
    if (filters.near.label) params.set("place", filters.near.label);
    if (filters.radiusKm !== DEFAULT_RADIUS_KM) params.set("radius", String(filters.radiusKm));
  }
  if (filters.myGroups) params.set("groups", "mine");
  return params;
}

/**
 * The filters after a change made on a screen that may lag the URL: the keys `next` changed from
 * what was on screen (`shown`), applied over the latest filters (`latest`), so two quick edits
 * (a "from" then a "to" date before the page re-renders) both count.
 */
export function applyFilterChange(shown: DiscoverFilters, next: DiscoverFilters, latest: DiscoverFilters): DiscoverFilters {
  const changed = (Object.keys(next) as (keyof DiscoverFilters)[]).filter((k) => next[k] !== shown[k]);
  return { ...latest, ...Object.fromEntries(changed.map((k) => [k, next[k]])) };
}

export function hasActiveFilters(filters: DiscoverFilters): boolean {
  return (
    filters.q.trim() !== "" || filters.category !== null || filters.when !== "any" || filters.online || filters.near !== null ||
    filters.myGroups
  );
}


/** How many filters beyond the search text are set: the count on the phone's "Filters" button. */
export function activeFilterCount(filters: DiscoverFilters): number {
  return [filters.category !== null, filters.when !== "any", filters.online, filters.near !== null, filters.myGroups].filter(Boolean)
    .length;
}
