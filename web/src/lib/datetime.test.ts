import { describe, expect, it } from "vitest";
import {
  formatEventRange, formatEventStart, sameWallClock, toCompactUtc, whenRange,
} from "./datetime";

const en = { locale: "en-US" };

describe("formatting in the event's zone", () => {
  it("shows the venue's wall-clock time and zone, not the viewer's", () => {
    // 19:00 UTC in November is 19:00 in Lisbon (UTC+0) and 14:00 in New York (UTC-5).
    const iso = "2026-11-25T19:00:00Z";
    expect(formatEventStart(iso, "Europe/Lisbon", en)).toMatch(/^Wed, Nov 25 · 7:00\s?PM UTC$/);
    expect(formatEventStart(iso, "America/New_York", en)).toMatch(/^Wed, Nov 25 · 2:00\s?PM UTC-5$/);
  });

  it("labels every zone one way, its UTC offset, whatever the language; the clock is the language's", () => {
    // Intl's short names mixed "GMT+1", "CET", "UTC", "EST" and "UTC+1" by zone and language (decision 0301).
    const iso = "2026-11-25T18:00:00Z";
    const zones = ["Europe/Paris", "Europe/London", "UTC", "America/New_York", "Asia/Kolkata", "Asia/Tokyo"];
    const labels = ["UTC+1", "UTC", "UTC", "UTC-5", "UTC+5:30", "UTC+9"];
    for (const locale of ["en-US", "en-GB", "fr", "de", "es", "pt-BR"]) {
      expect(zones.map((z) => formatEventStart(iso, z, { locale }).split(" ").at(-1))).toEqual(labels);
    }
    expect(formatEventStart(iso, "Europe/Paris", { locale: "en-US" })).toMatch(/7:00\s?PM UTC\+1$/);
    expect(formatEventStart(iso, "Europe/Paris", { locale: "en-GB" })).toMatch(/ 19:00 UTC\+1$/);
    expect(formatEventStart(iso, "Europe/Paris", { locale: "fr" })).toMatch(/^mer\. 25 nov\. · 19:00 UTC\+1$/);
  });

  it("crosses midnight into the next day in a zone ahead of UTC", () => {
    expect(formatEventStart("2026-11-25T19:00:00Z", "Asia/Tokyo", en)).toMatch(/^Thu, Nov 26 · 4:00\s?AM/);
  });

  it("writes a same-day range once and a multi-day range with both days", () => {
    expect(formatEventRange("2026-11-25T19:00:00Z", "2026-11-25T22:00:00Z", "UTC", en)).toMatch(
      /^Wed, Nov 25 · 7:00\s?PM – 10:00\s?PM UTC$/,
    );
    expect(formatEventRange("2026-11-25T19:00:00Z", "2026-11-26T10:00:00Z", "UTC", en)).toMatch(
      /^Wed, Nov 25 · 7:00\s?PM – Thu, Nov 26 · 10:00\s?AM UTC$/,
    );
  });

  it("knows when a second, viewer-zone label is needed", () => {
    const iso = "2026-11-25T19:00:00Z";
    expect(sameWallClock(iso, "Europe/Lisbon", "Europe/London")).toBe(true);
    expect(sameWallClock(iso, "Europe/Lisbon", "Europe/Berlin")).toBe(false);
  });

  it("writes compact UTC stamps for calendar links", () => {
    expect(toCompactUtc("2026-11-25T19:00:00.000+00:00")).toBe("20261125T190000Z");
  });
});

describe("when filters", () => {
  // Wednesday 25 Nov 2026, 15:00 local time.
  const wednesday = new Date(2026, 10, 25, 15, 0);

  it("today runs from now to midnight", () => {
    const r = whenRange("today", wednesday);
    expect(r.startsAfter).toBe(wednesday);
    expect(r.startsBefore).toEqual(new Date(2026, 10, 26));
  });

  it("this week is the seven days from today, also on a Sunday (not that Sunday alone)", () => {
    expect(whenRange("week", wednesday)).toEqual({ startsAfter: wednesday, startsBefore: new Date(2026, 11, 2) });
    const sunday = new Date(2026, 10, 29, 11, 0);
    expect(whenRange("week", sunday)).toEqual({ startsAfter: sunday, startsBefore: new Date(2026, 11, 6) });
    // A Saturday night: the next Saturday included, never just the last hours of this one.
    const saturday = new Date(2026, 10, 28, 23, 30);
    expect(whenRange("week", saturday).startsBefore).toEqual(new Date(2026, 11, 5));
  });

  it("this weekend is Saturday and Sunday, and starts now once it has begun", () => {
    expect(whenRange("weekend", wednesday)).toEqual({
      startsAfter: new Date(2026, 10, 28),
      startsBefore: new Date(2026, 10, 30),
    });
    const sunday = new Date(2026, 10, 29, 11, 0);
    expect(whenRange("weekend", sunday)).toEqual({ startsAfter: sunday, startsBefore: new Date(2026, 10, 30) });
  });

  it("any has no upper bound", () => {
    expect(whenRange("any", wednesday)).toEqual({ startsAfter: wednesday });
  });
});
