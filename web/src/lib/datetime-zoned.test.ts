import { describe, expect, it } from "vitest";
import { isKnownTimeZone, isoToZonedWallTime, timeZoneNames, zonedWallTimeToIso, zoneLabel } from "./datetime";

describe("wall-clock time in a zone → instant", () => {
  it("reads the time in the event's zone, not the browser's", () => {
    expect(zonedWallTimeToIso("2026-11-25", "19:00", "Europe/Lisbon")).toBe("2026-11-25T19:00:00.000Z");
    expect(zonedWallTimeToIso("2026-11-25", "19:00", "America/New_York")).toBe("2026-11-26T00:00:00.000Z");
    expect(zonedWallTimeToIso("2026-11-25", "19:00", "Asia/Tokyo")).toBe("2026-11-25T10:00:00.000Z");
    expect(zonedWallTimeToIso("2026-07-01", "09:30", "Asia/Kolkata")).toBe("2026-07-01T04:00:00.000Z");
    expect(zonedWallTimeToIso("2026-07-01", "00:00", "UTC")).toBe("2026-07-01T00:00:00.000Z");
  });

  it("uses summer time in summer and standard time in winter", () => {
    expect(zonedWallTimeToIso("2026-07-15", "12:00", "Europe/Berlin")).toBe("2026-07-15T10:00:00.000Z");
    expect(zonedWallTimeToIso("2026-01-15", "12:00", "Europe/Berlin")).toBe("2026-01-15T11:00:00.000Z");
    // Southern hemisphere: Sydney's summer is January.
    expect(zonedWallTimeToIso("2026-01-15", "12:00", "Australia/Sydney")).toBe("2026-01-15T01:00:00.000Z");
    expect(zonedWallTimeToIso("2026-07-15", "12:00", "Australia/Sydney")).toBe("2026-07-15T02:00:00.000Z");
  });

  it("gets the hours either side of a spring-forward change right", () => {
    // New York springs forward at 02:00 EST on 8 March 2026 (to 03:00 EDT).
    expect(zonedWallTimeToIso("2026-03-08", "01:59", "America/New_York")).toBe("2026-03-08T06:59:00.000Z");
    expect(zonedWallTimeToIso("2026-03-08", "03:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
  });

  it("moves a time that does not exist (the spring gap) forward by the gap", () => {
    // 02:30 never happens that night; calendars book it at 03:30 EDT.
    const iso = zonedWallTimeToIso("2026-03-08", "02:30", "America/New_York");
    expect(iso).toBe("2026-03-08T07:30:00.000Z");
    expect(isoToZonedWallTime(iso!, "America/New_York")).toEqual({ date: "2026-03-08", time: "03:30" });
    // Europe: 29 March 2026, 02:00 CET → 03:00 CEST.
    expect(zonedWallTimeToIso("2026-03-29", "02:15", "Europe/Berlin")).toBe("2026-03-29T01:15:00.000Z");
  });

  it("takes the first of a time that happens twice (the autumn repeat)", () => {
    // New York falls back at 02:00 EDT on 1 November 2026: 01:30 happens at 05:30Z and 06:30Z.
    expect(zonedWallTimeToIso("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedWallTimeToIso("2026-11-01", "02:00", "America/New_York")).toBe("2026-11-01T07:00:00.000Z");
    // Berlin, 25 October 2026: 02:30 CEST (00:30Z) comes before 02:30 CET (01:30Z).
    expect(zonedWallTimeToIso("2026-10-25", "02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
  });

  it("handles zones that change on the half hour (Lord Howe)", () => {
    // Lord Howe moves by 30 minutes: +10:30 in winter, +11 in summer (from 4 October 2026 at 02:00).
    expect(zonedWallTimeToIso("2026-07-01", "12:00", "Australia/Lord_Howe")).toBe("2026-07-01T01:30:00.000Z");
    // 02:10 falls in the 30-minute gap and becomes 02:40 (+11).
    const iso = zonedWallTimeToIso("2026-10-04", "02:10", "Australia/Lord_Howe")!;
    expect(iso).toBe("2026-10-03T15:40:00.000Z");
    expect(isoToZonedWallTime(iso, "Australia/Lord_Howe")).toEqual({ date: "2026-10-04", time: "02:40" });
  });

  it("refuses malformed dates and times", () => {
    expect(zonedWallTimeToIso("", "19:00", "UTC")).toBeNull();
    expect(zonedWallTimeToIso("2026-11-25", "7pm", "UTC")).toBeNull();
  });
});

describe("instant → wall-clock time in a zone", () => {
  it("round-trips through every hour of a day with two clock changes' worth of zones", () => {
    for (const zone of ["Europe/Lisbon", "America/New_York", "Asia/Tokyo", "Australia/Sydney"]) {
      for (let hour = 0; hour < 24; hour++) {
        const time = `${String(hour).padStart(2, "0")}:45`;
        const iso = zonedWallTimeToIso("2026-06-10", time, zone)!;
        expect(isoToZonedWallTime(iso, zone)).toEqual({ date: "2026-06-10", time });
      }
    }
  });

  it("crosses the date line into the zone's own day", () => {
    expect(isoToZonedWallTime("2026-11-25T19:00:00Z", "Asia/Tokyo")).toEqual({ date: "2026-11-26", time: "04:00" });
    expect(isoToZonedWallTime("2026-11-25T02:00:00Z", "America/Los_Angeles")).toEqual({ date: "2026-11-24", time: "18:00" });
  });

  it("shows both sides of an autumn repeat as the same wall time", () => {
    expect(isoToZonedWallTime("2026-11-01T05:30:00Z", "America/New_York").time).toBe("01:30");
    expect(isoToZonedWallTime("2026-11-01T06:30:00Z", "America/New_York").time).toBe("01:30");
  });
});

describe("time zone names", () => {
  it("lists IANA zones including UTC, and knows a real zone from a typo", () => {
    const zones = timeZoneNames();
    expect(zones).toContain("UTC");
    expect(zones).toContain("Europe/Lisbon");
    expect(isKnownTimeZone("America/New_York")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isKnownTimeZone("")).toBe(false);
  });

  it("labels a zone with its offset at that instant", () => {
    expect(zoneLabel("2026-07-15T12:00:00Z", "Europe/Berlin")).toBe("UTC+2");
    expect(zoneLabel("2026-01-15T12:00:00Z", "America/New_York")).toBe("UTC-5");
  });
});
