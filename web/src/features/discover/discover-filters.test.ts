import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, hasActiveFilters } from "./discover-filters";

describe("Discover filters in the URL", () => {
  it("reads every filter", () => {
    const params = new URLSearchParams("q=engines&category=tech&when=weekend&online=1");
    expect(filtersFromParams(params)).toEqual({ q: "engines", category: "tech", when: "weekend", online: true });
  });

  it("falls back to defaults for missing or bad values", () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(new URLSearchParams("category=nope&when=someday&online=yes"))).toEqual(DEFAULT_FILTERS);
  });

  it("writes only non-default values, and keeps unrelated params", () => {
    const params = filtersToParams(
      { q: "  jazz ", category: null, when: "any", online: true },
      new URLSearchParams("view=list&q=old"),
    );
    expect(params.toString()).toBe("view=list&q=jazz&online=1");
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe("");
  });

  it("round-trips", () => {
    const filters = { q: "board games", category: "games" as const, when: "week" as const, online: false };
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(hasActiveFilters(filters)).toBe(true);
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
  });
});
