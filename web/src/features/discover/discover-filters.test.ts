import { PAGE_DATA_KEYS } from "@shared/page-contract";
import { discoverKeys } from "./api/discover-keys";
import { describe, expect, it } from "vitest";
import {
  applyFilterChange, DEFAULT_FILTERS, filtersFromParams, filtersToParams, hasActiveFilters, type DiscoverFilters,
} from "./discover-filters";
import { viewFromParams, viewToParams } from "./discover-view";

const read = (search: string) => filtersFromParams(new URLSearchParams(search));

describe("Discover filters in the URL", () => {
  it("reads every filter", () => {
    expect(read("q=engines&category=tech&when=weekend&online=1")).toEqual({
      ...DEFAULT_FILTERS, q: "engines", category: "tech", when: "weekend", online: true,
    });
  });

  it("falls back to defaults for missing or bad values", () => {
    expect(read("")).toEqual(DEFAULT_FILTERS);
    expect(read("category=nope&when=someday&online=yes")).toEqual(DEFAULT_FILTERS);
    expect(read("near=91,0&radius=25")).toEqual(DEFAULT_FILTERS);
    expect(read("near=lisbon")).toEqual(DEFAULT_FILTERS);
    expect(read("from=2026-02-30&to=tomorrow")).toEqual(DEFAULT_FILTERS);
  });

  it("writes only non-default values, and keeps unrelated params", () => {
    const params = filtersToParams(
      { ...DEFAULT_FILTERS, q: "  jazz ", online: true },
      new URLSearchParams("view=map&q=old&near=1,2"),
    );
    expect(params.toString()).toBe("view=map&q=jazz&online=1");
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe("");
  });

  it("keeps the My groups filter in the URL as groups=mine", () => {
    expect(read("groups=mine")).toEqual({ ...DEFAULT_FILTERS, myGroups: true });
    expect(read("groups=all")).toEqual(DEFAULT_FILTERS);
    expect(filtersToParams({ ...DEFAULT_FILTERS, myGroups: true }).toString()).toBe("groups=mine");
    expect(filtersToParams(DEFAULT_FILTERS, new URLSearchParams("groups=mine")).toString()).toBe("");
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, myGroups: true })).toBe(true);
  });

  it("round-trips", () => {
    const filters: DiscoverFilters = {
      ...DEFAULT_FILTERS, q: "board games", category: "games", when: "week",
    };
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(hasActiveFilters(filters)).toBe(true);
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
  });
});

describe("date range in the URL", () => {
  it("reads from/to as a date range, even without when=dates", () => {
    expect(read("when=dates&from=2026-11-20&to=2026-11-30")).toMatchObject({
      when: "dates", from: "2026-11-20", to: "2026-11-30",
    });
    expect(read("from=2026-11-20")).toMatchObject({ when: "dates", from: "2026-11-20", to: null });
  });

  it("swaps a range written backwards, and ignores dates under another when", () => {
    expect(read("from=2026-12-05&to=2026-12-01")).toMatchObject({ from: "2026-12-01", to: "2026-12-05" });
    expect(read("when=dates&from=2026-12-05")).toMatchObject({ when: "dates", from: "2026-12-05" });
  });

  it("keeps 'Pick dates' chosen before any date is, and drops dates for other choices", () => {
    expect(filtersToParams({ ...DEFAULT_FILTERS, when: "dates" }).toString()).toBe("when=dates");
    expect(filtersToParams({ ...DEFAULT_FILTERS, when: "dates", from: "2026-11-20", to: "2026-11-21" }).toString()).toBe(
      "when=dates&from=2026-11-20&to=2026-11-21",
    );
    expect(filtersToParams({ ...DEFAULT_FILTERS, when: "week", from: "2026-11-20" }).toString()).toBe("when=week");
    expect(hasActiveFilters(read("when=dates&from=2026-11-20"))).toBe(true);
  });

  it("keeps a 'from' date set a moment before the 'to' date, while the screen still showed neither", () => {
    const shown = read("when=dates");
    const afterFrom = applyFilterChange(shown, { ...shown, from: "2026-11-26" }, shown);
    // The "to" field's change was made from the old screen: from still null there.
    const afterTo = applyFilterChange(shown, { ...shown, to: "2026-11-28" }, afterFrom);
    expect(filtersToParams(afterTo).toString()).toBe("when=dates&from=2026-11-26&to=2026-11-28");
    // A change back to what the screen shows is a change too.
    expect(applyFilterChange(afterTo, { ...afterTo, from: null }, afterTo).from).toBeNull();
  });
});

describe("distance in the URL", () => {
  it("reads a place, its label and a radius", () => {
    expect(read("near=38.7167,-9.1333&place=Lisbon%2C+Portugal&radius=10")).toMatchObject({
      near: { lat: 38.7167, lng: -9.1333, label: "Lisbon, Portugal" }, radiusKm: 10,
    });
  });

  it("reads 'my location' (no label), and an unknown radius as the default 25 km", () => {
    expect(read("near=-33.87,151.21&radius=7")).toMatchObject({
      near: { lat: -33.87, lng: 151.21, label: "" }, radiusKm: 25,
    });
  });

  it("ignores a radius without a place", () => {
    expect(read("radius=5")).toEqual(DEFAULT_FILTERS);
    expect(filtersToParams({ ...DEFAULT_FILTERS, radiusKm: 5 }).toString()).toBe("");
  });

  it("writes the place and leaves the default radius out", () => {
    const near = { lat: 51.5074, lng: -0.1278, label: "London, United Kingdom" };
    expect(filtersToParams({ ...DEFAULT_FILTERS, near }).toString()).toBe(
      "near=51.5074%2C-0.1278&place=London%2C+United+Kingdom",
    );
    const withRadius = { ...DEFAULT_FILTERS, near, radiusKm: 5 };
    expect(filtersFromParams(filtersToParams(withRadius))).toEqual(withRadius);
    expect(hasActiveFilters(withRadius)).toBe(true);
  });
});

describe("view in the URL", () => {
  it("reads list, map and calendar; anything else is the list", () => {
    expect(viewFromParams(new URLSearchParams("view=map"))).toBe("map");
    expect(viewFromParams(new URLSearchParams("view=calendar"))).toBe("calendar");
    expect(viewFromParams(new URLSearchParams("view=globe"))).toBe("list");
    expect(viewFromParams(new URLSearchParams())).toBe("list");
  });

  it("keeps the filters, leaves the default list out, and keeps the month only for the calendar", () => {
    const base = new URLSearchParams("q=jazz&view=calendar&month=2026-12");
    expect(viewToParams("map", base).toString()).toBe("q=jazz&view=map");
    expect(viewToParams("list", base).toString()).toBe("q=jazz");
    expect(viewToParams("calendar", base).toString()).toBe("q=jazz&view=calendar&month=2026-12");
  });
});

describe("the list's key as the page head inlines it (decision 0168)", () => {
  it("is Discover's own key for the default filters", () => {
    expect(discoverKeys.list(DEFAULT_FILTERS)).toEqual(PAGE_DATA_KEYS.discover());
  });
});
