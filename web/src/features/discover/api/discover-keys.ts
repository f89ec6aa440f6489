import { queryRoots } from "@/lib/query-keys";
import type { DiscoverFilters } from "../discover-filters";

/** Keys for Discover's lists, under the shared `events` root (see lib/query-keys.ts). */
export const discoverKeys = {
  all: [...queryRoots.events, "discover"] as const,
  list: (filters: DiscoverFilters) => [...discoverKeys.all, "list", filters] as const,
  page: (filters: DiscoverFilters, page: number) => [...discoverKeys.all, "page", filters, page] as const,
  month: (filters: DiscoverFilters, month: string) => [...discoverKeys.all, "month", filters, month] as const,
};
