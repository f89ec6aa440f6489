import { describe, expect, it } from "vitest";
import { dayKeyInZone, parseDayKey, toDayKey, weekStartDay } from "@/lib/datetime";
import { addMonths, eventsByDay, monthBounds, monthGrid, openingMonth, parseMonthKey, toMonthKey } from "./month-grid";

const NOVEMBER_2026 = { year: 2026, month: 10 }; // Sun 1 Nov … Mon 30 Nov

describe("month grid", () => {
  it("starts on Monday: pads with October's last days, ends with December's first", () => {
    const weeks = monthGrid(NOVEMBER_2026, 1);
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]!.map((d) => d.key)).toEqual([
      "2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01",
    ]);
    expect(weeks[0]![6]).toEqual({ key: "2026-11-01", dayOfMonth: 1, inMonth: true });
    expect(weeks[0]![0]!.inMonth).toBe(false);
    expect(weeks[5]!.map((d) => d.dayOfMonth)).toEqual([30, 1, 2, 3, 4, 5, 6]);
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(30);
  });

  it("starts on Sunday: the 1st of November opens the first row, five rows in all", () => {
    const weeks = monthGrid(NOVEMBER_2026, 0);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]!.key).toBe("2026-11-01");
    expect(weeks[4]!.map((d) => d.key).at(-1)).toBe("2026-12-05");
  });

  it("fits February 2026 (starts on a Sunday, 28 days) into exactly four Sunday-first rows", () => {
    const weeks = monthGrid({ year: 2026, month: 1 }, 0);
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((d) => d.inMonth)).toBe(true);
  });

  it("counts days right across a clock change (Europe's last Sunday of March)", () => {
    const days = monthGrid({ year: 2026, month: 2 }, 1).flat().filter((d) => d.inMonth);
    expect(days.map((d) => d.dayOfMonth)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });
});

describe("months in the URL", () => {
  it("reads and writes 2026-11, and rejects nonsense", () => {
    expect(parseMonthKey("2026-11")).toEqual(NOVEMBER_2026);
    expect(toMonthKey(NOVEMBER_2026)).toBe("2026-11");
    expect(parseMonthKey("2026-13")).toBeNull();
    expect(parseMonthKey("november")).toBeNull();
    expect(parseMonthKey(null)).toBeNull();
  });

  it("steps across years", () => {
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
  });

  it("bounds a month by local midnights", () => {
    expect(monthBounds(NOVEMBER_2026)).toEqual({ start: new Date(2026, 10, 1), end: new Date(2026, 11, 1) });
  });
});

describe("events by day", () => {
  const events = [
    { id: "late", starts_at: "2026-11-25T23:30:00Z", timezone: "UTC" },
    { id: "morning", starts_at: "2026-11-25T09:00:00Z", timezone: "UTC" },
    { id: "evening", starts_at: "2026-11-25T19:00:00Z", timezone: "UTC" },
  ];

  it("puts each event on the day it starts at its venue, in order of the venue's clock", () => {
    const byDay = eventsByDay(events);
    expect([...byDay.keys()]).toEqual(["2026-11-25"]);
    expect(byDay.get("2026-11-25")!.map((e) => e.id)).toEqual(["morning", "evening", "late"]);
  });

  it("places an event by its own zone's date, whoever looks (not by the viewer's)", () => {
    // 16:00 UTC on 30 November is 1:00 on 1 December in Tokyo, and 11:00 on the 30th in New York.
    const tokyo = { id: "tokyo", starts_at: "2026-11-30T16:00:00Z", timezone: "Asia/Tokyo" };
    const newYork = { id: "new-york", starts_at: "2026-11-30T16:00:00Z", timezone: "America/New_York" };
    // The day's list reads as its times say: 08:00 in New York (13:00 UTC) before 10:00 in Lisbon
    // (10:00 UTC), although it starts later.
    const lisbonTen = { id: "lisbon-10", starts_at: "2026-12-01T10:00:00Z", timezone: "Europe/Lisbon" };
    const newYorkEight = { id: "new-york-8", starts_at: "2026-12-01T13:00:00Z", timezone: "America/New_York" };
    const byDay = eventsByDay([lisbonTen, newYork, newYorkEight, tokyo]);
    expect(byDay.get("2026-11-30")!.map((e) => e.id)).toEqual(["new-york"]);
    expect(byDay.get("2026-12-01")!.map((e) => e.id)).toEqual(["tokyo", "new-york-8", "lisbon-10"]);
  });
});

describe("the month the calendar opens on", () => {
  const now = new Date(2026, 10, 29, 11, 0); // Sunday 29 November 2026, late in the month

  it("is this month when the first result is in it, or there is none", () => {
    expect(openingMonth(now, null)).toEqual(NOVEMBER_2026);
    expect(openingMonth(now, { starts_at: "2026-11-30T18:00:00Z", timezone: "Europe/Lisbon" })).toEqual(NOVEMBER_2026);
  });

  it("is the first result's month when every result is later, by the event's own date", () => {
    expect(openingMonth(now, { starts_at: "2027-01-15T18:00:00Z", timezone: "Europe/Lisbon" })).toEqual({ year: 2027, month: 0 });
    // 30 November 20:00 UTC is already 1 December in Tokyo: the grid shows it in December.
    expect(openingMonth(now, { starts_at: "2026-11-30T20:00:00Z", timezone: "Asia/Tokyo" })).toEqual({ year: 2026, month: 11 });
  });

  it("never opens on a past month for an event still going on", () => {
    expect(openingMonth(now, { starts_at: "2026-10-30T18:00:00Z", timezone: "UTC" })).toEqual(NOVEMBER_2026);
  });
});

describe("day keys", () => {
  it("parses only real dates, as local midnight", () => {
    expect(parseDayKey("2026-11-25")).toEqual(new Date(2026, 10, 25));
    expect(parseDayKey("2026-02-29")).toBeNull();
    expect(parseDayKey("2028-02-29")).toEqual(new Date(2028, 1, 29));
    expect(parseDayKey("25/11/2026")).toBeNull();
    expect(toDayKey(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });

  it("names the day in a zone", () => {
    expect(dayKeyInZone("2026-11-25T19:00:00Z", "Australia/Sydney")).toBe("2026-11-26");
    expect(dayKeyInZone("2026-11-25T19:00:00Z", "America/New_York")).toBe("2026-11-25");
  });

  it("knows where weeks start", () => {
    expect(weekStartDay({ locale: "en-US" })).toBe(0);
    expect(weekStartDay({ locale: "en-GB" })).toBe(1);
    expect(weekStartDay({ locale: "de-DE" })).toBe(1);
  });
});
