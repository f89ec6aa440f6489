import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS } from "./discover-filters";
import { distanceFrom, distanceKm } from "./distance";
import { filterWindow, monthWindow } from "./filter-range";

// Wednesday 25 Nov 2026, 15:00 local time.
const now = new Date(2026, 10, 25, 15, 0);
const dates = (from: string | null, to: string | null) => ({ ...DEFAULT_FILTERS, when: "dates" as const, from, to });

describe("date range window", () => {
  it("runs from the start of `from` to the end of `to`", () => {
    expect(filterWindow(dates("2026-12-01", "2026-12-03"), now)).toEqual({
      startsAfter: new Date(2026, 11, 1),
      startsBefore: new Date(2026, 11, 4),
    });
  });

  it("never starts before now, and has no end without `to`", () => {
    expect(filterWindow(dates("2026-11-20", null), now)).toEqual({ startsAfter: now });
    expect(filterWindow(dates(null, "2026-11-25"), now)).toEqual({ startsAfter: now, startsBefore: new Date(2026, 10, 26) });
  });

  it("uses the presets for the other choices", () => {
    expect(filterWindow({ ...DEFAULT_FILTERS, when: "today" }, now)).toEqual({
      startsAfter: now, startsBefore: new Date(2026, 10, 26),
    });
  });
});

describe("calendar month window", () => {
  const start = new Date(2026, 11, 1);
  const end = new Date(2027, 0, 1);

  it("is the whole month without a When filter (past days included)", () => {
    expect(monthWindow(DEFAULT_FILTERS, new Date(2026, 10, 1), new Date(2026, 11, 1), now)).toEqual({
      startsAfter: new Date(2026, 10, 1), startsBefore: new Date(2026, 11, 1),
    });
  });

  it("is cut to the date range, and null when they do not meet", () => {
    expect(monthWindow(dates("2026-11-28", "2026-12-02"), start, end, now)).toEqual({
      startsAfter: start, startsBefore: new Date(2026, 11, 3),
    });
    expect(monthWindow(dates("2027-02-01", null), start, end, now)).toBeNull();
    expect(monthWindow({ ...DEFAULT_FILTERS, when: "today" }, start, end, now)).toBeNull();
  });
});

describe("distance", () => {
  const lisbon = { lat: 38.7223, lng: -9.1393 };
  it("measures great-circle kilometres", () => {
    expect(distanceKm(lisbon, { lat: 40.4168, lng: -3.7038 })).toBeCloseTo(502, 0); // Madrid
    expect(distanceKm(lisbon, lisbon)).toBe(0);
  });

  it("is there only with a place and a venue", () => {
    expect(distanceFrom(null, { lat: 1, lng: 2 })).toBeNull();
    expect(distanceFrom(lisbon, { lat: null, lng: null })).toBeNull();
    expect(distanceFrom(lisbon, { lat: 38.7036, lng: -9.1784 })).toBeCloseTo(3.98, 1);
  });
});
