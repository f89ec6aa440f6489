import { describe, expect, it } from "vitest";
import { collapseSeries } from "./collapse-series";

const item = (id: string, series_id: string | null = null) => ({ event: { id, series_id } });

describe("collapseSeries", () => {
  it("keeps the first date of each series in the list's order, counting the later ones", () => {
    const out = collapseSeries([item("a", "s1"), item("b"), item("c", "s1"), item("d", "s2"), item("e", "s1"), item("f", "s2")]);
    expect(out.map((i) => [i.event.id, i.moreDates])).toEqual([["a", 2], ["b", 0], ["d", 1]]);
  });

  it("leaves events outside any series alone", () => {
    expect(collapseSeries([item("a"), item("b")]).map((i) => i.moreDates)).toEqual([0, 0]);
  });
});
