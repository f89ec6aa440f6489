import { describe, expect, it } from "vitest";
import { dayKeyInZone, parseDayKey, toDayKey, weekStartDay } from "@/lib/datetime";
import { addMonths, eventsByDay, monthBounds, monthGrid, parseMonthKey, toMonthKey } from "./month-grid";

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
    { id: "late", starts_at: "2026-11-25T23:30:00Z" },
    { id: "morning", starts_at: "2026-11-25T09:00:00Z" },
    { id: "evening", starts_at: "2026-11-25T19:00:00Z" },
  ];

  it("puts each event on the day it starts in the viewer's zone, in start order", () => {
    const utc = eventsByDay(events, "UTC");
    expect([...utc.keys()]).toEqual(["2026-11-25"]);
    expect(utc.get("2026-11-25")!.map((e) => e.id)).toEqual(["morning", "evening", "late"]);
  });

  it("moves events across midnight for viewers east and west of UTC", () => {
    const tokyo = eventsByDay(events, "Asia/Tokyo"); // UTC+9
    expect(tokyo.get("2026-11-25")!.map((e) => e.id)).toEqual(["morning"]);
    expect(tokyo.get("2026-11-26")!.map((e) => e.id)).toEqual(["evening", "late"]);

    const losAngeles = eventsByDay(events, "America/Los_Angeles"); // UTC-8
    expect(losAngeles.get("2026-11-25")!.map((e) => e.id)).toEqual(["morning", "evening", "late"]);
    expect(eventsByDay([{ id: "x", starts_at: "2026-11-25T05:00:00Z" }], "America/Los_Angeles").has("2026-11-24")).toBe(true);
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
