import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS } from "../discover-filters";
import { searchFeedParams } from "./search-feed-links";

describe("the search's feed", () => {
  it("carries the words, category, place and online filters, not the dates or my groups", () => {
    expect(searchFeedParams(DEFAULT_FILTERS)).toEqual({});
    expect(
      searchFeedParams({
        ...DEFAULT_FILTERS, q: " jazz ", category: "music", online: true, when: "week", myGroups: true,
        near: { lat: 38.72231, lng: -9.13934, label: "Lisbon" }, radiusKm: 10,
      }),
    ).toEqual({ q: "jazz", category: "music", online: "1", near: "38.7223,-9.1393", km: "10" });
  });
});
