import { describe, expect, it } from "vitest";
import { chartSummary, cumulativeGoingByDay, dayInZone } from "./rsvp-chart-data";

const going = (created_at: string) => ({ status: "going", created_at });

describe("RSVPs over time", () => {
  it("counts going RSVPs per day in the event's zone, not UTC", () => {
    // 23:30 UTC on the 1st is already the 2nd in Berlin (UTC+1 in November).
    const days = cumulativeGoingByDay(
      [going("2026-11-01T10:00:00Z"), going("2026-11-01T23:30:00Z"), going("2026-11-02T08:00:00Z")],
      "Europe/Berlin",
    );
    expect(days).toEqual([
      { day: "2026-11-01", added: 1, total: 1 },
      { day: "2026-11-02", added: 2, total: 3 },
    ]);
    // In Los Angeles (UTC-8) 07:00 UTC on the 2nd is still the 1st.
    expect(cumulativeGoingByDay([going("2026-11-01T10:00:00Z"), going("2026-11-02T07:00:00Z")], "America/Los_Angeles"))
      .toEqual([{ day: "2026-11-01", added: 2, total: 2 }]);
  });

  it("ignores RSVPs that are not going, and keeps empty days flat", () => {
    const days = cumulativeGoingByDay(
      [
        going("2026-11-01T12:00:00Z"),
        { status: "waitlisted", created_at: "2026-11-02T12:00:00Z" },
        { status: "cancelled", created_at: "2026-11-02T12:00:00Z" },
        going("2026-11-04T12:00:00Z"),
      ],
      "UTC",
    );
    expect(days.map((d) => [d.day, d.added, d.total])).toEqual([
      ["2026-11-01", 1, 1],
      ["2026-11-02", 0, 1],
      ["2026-11-03", 0, 1],
      ["2026-11-04", 1, 2],
    ]);
  });

  it("runs to `until` and across a DST change without skipping a day", () => {
    const days = cumulativeGoingByDay([going("2026-03-28T12:00:00Z")], "Europe/Lisbon", {
      until: new Date("2026-03-30T12:00:00Z"),
    });
    expect(days.map((d) => d.day)).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(days.at(-1)?.total).toBe(1);
  });

  it("is empty without anyone going, and folds a long history into its last days", () => {
    expect(cumulativeGoingByDay([{ status: "pending", created_at: "2026-11-01T00:00:00Z" }], "UTC")).toEqual([]);
    const long = cumulativeGoingByDay([going("2026-01-01T12:00:00Z"), going("2026-01-10T12:00:00Z")], "UTC", { maxDays: 3 });
    expect(long).toEqual([
      { day: "2026-01-08", added: 1, total: 1 },
      { day: "2026-01-09", added: 0, total: 1 },
      { day: "2026-01-10", added: 1, total: 2 },
    ]);
  });

  it("summarises in one sentence", () => {
    const days = cumulativeGoingByDay([going("2026-11-01T12:00:00Z"), going("2026-11-02T12:00:00Z"), going("2026-11-02T13:00:00Z")], "UTC");
    expect(chartSummary(days, (d) => d)).toBe(
      "3 people going by 2026-11-02, since the first RSVP on 2026-11-01. Busiest day: 2026-11-02, with 2 new.",
    );
    expect(chartSummary([], (d) => d)).toBe("No one is going yet.");
    expect(dayInZone("2026-11-25T23:30:00Z", "Asia/Tokyo")).toBe("2026-11-26");
  });
});
