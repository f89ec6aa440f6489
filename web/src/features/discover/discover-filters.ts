import type { Database } from "@/lib/database.types";
import type { WhenFilter } from "@/lib/datetime";

export type EventCategory = Database["public"]["Enums"]["event_category"];

export const CATEGORIES: readonly EventCategory[] = [
  "arts", "books", "career", "community", "food", "games", "health", "music", "outdoors", "tech", "other",
];

export const WHEN_OPTIONS: readonly { value: WhenFilter; label: string }[] = [
  { value: "any", label: "Any time" },
  { value: "today", label: "Today" },
  { value: "week", label: "This week" },
  { value: "weekend", label: "This weekend" },
];

/** Discover's filters. They live in the URL so a filtered view can be shared or bookmarked. */
export type DiscoverFilters = {
  q: string;
  category: EventCategory | null;
  when: WhenFilter;
  online: boolean;
};

export const DEFAULT_FILTERS: DiscoverFilters = { q: "", category: null, when: "any", online: false };

function isCategory(v: string | null): v is EventCategory {
  return v !== null && (CATEGORIES as readonly string[]).includes(v);
}

function isWhen(v: string | null): v is WhenFilter {
  return v !== null && WHEN_OPTIONS.some((o) => o.value === v);
}

/** Reads filters from the URL; unknown or malformed values fall back to the defaults. */
export function filtersFromParams(params: URLSearchParams): DiscoverFilters {
  const category = params.get("category");
  const when = params.get("when");
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    category: isCategory(category) ? category : null,
    when: isWhen(when) ? when : "any",
    online: params.get("online") === "1",
  };
}

/** Writes filters to the URL, leaving defaults out so links stay short. */
export function filtersToParams(filters: DiscoverFilters, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ["q", "category", "when", "online"]) params.delete(key);
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.category) params.set("category", filters.category);
  if (filters.when !== "any") params.set("when", filters.when);
  if (filters.online) params.set("online", "1");
  return params;
}

export function hasActiveFilters(filters: DiscoverFilters): boolean {
  return filters.q.trim() !== "" || filters.category !== null || filters.when !== "any" || filters.online;
}

export function categoryLabel(category: EventCategory): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
