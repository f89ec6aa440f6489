import { describe, expect, it } from "vitest";
import { DEFAULT_GROUP_FILTERS, groupFiltersFromParams, groupFiltersToParams, hasActiveGroupFilters } from "./group-filters";

describe("/groups filters in the URL", () => {
  it("round-trips every filter and leaves defaults out", () => {
    const filters = { q: "chess", category: "games" as const, near: { lat: 38.72, lng: -9.14, label: "Lisbon" }, radiusKm: 50, mine: true };
    const params = groupFiltersToParams(filters);
    expect(params.toString()).toBe("q=chess&category=games&near=38.72%2C-9.14&place=Lisbon&radius=50&mine=1");
    expect(groupFiltersFromParams(params)).toEqual(filters);
    expect(groupFiltersToParams(DEFAULT_GROUP_FILTERS).toString()).toBe("");
  });

  it("falls back to the defaults for malformed values and keeps other params", () => {
    const params = new URLSearchParams("category=knitting&near=200,5&radius=7&mine=yes&view=map");
    expect(groupFiltersFromParams(params)).toEqual(DEFAULT_GROUP_FILTERS);
    expect(groupFiltersToParams(DEFAULT_GROUP_FILTERS, params).get("view")).toBe("map");
    expect(hasActiveGroupFilters(DEFAULT_GROUP_FILTERS)).toBe(false);
    expect(hasActiveGroupFilters({ ...DEFAULT_GROUP_FILTERS, mine: true })).toBe(true);
  });
});
