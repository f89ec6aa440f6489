import { describe, expect, it } from "vitest";
import { buildRrule, defaultRepeat, moveRepeat, repeatFromRule, repeatProblem, type RepeatChoice } from "./repeat-rule";

const base = (over: Partial<RepeatChoice>): RepeatChoice => ({ ...defaultRepeat("2027-03-16"), ...over });

describe("buildRrule", () => {
  it("writes weekly rules Monday first, with an interval only when above 1", () => {
    expect(buildRrule(base({ freq: "weekly", weekdays: ["TH", "MO"], count: 10 }))).toBe("FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10");
    expect(buildRrule(base({ freq: "weekly", interval: 2, ends: "until", until: "2027-06-30" }))).toBe(
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20270630");
  });

  it("writes monthly rules on a day or the nth / last weekday", () => {
    expect(buildRrule(base({ freq: "monthly", monthDay: 31, count: 6 }))).toBe("FREQ=MONTHLY;BYMONTHDAY=31;COUNT=6");
    expect(buildRrule(base({ freq: "monthly", monthlyBy: "weekday", ordinal: -1, weekday: "FR", count: 4 }))).toBe(
      "FREQ=MONTHLY;BYDAY=-1FR;COUNT=4");
    expect(buildRrule(base({ freq: "none" }))).toBeNull();
  });
});

describe("defaultRepeat", () => {
  it("starts from the first date's weekday, day and place in the month", () => {
    expect(defaultRepeat("2027-03-16")).toMatchObject({ weekdays: ["TU"], monthDay: 16, ordinal: 3, weekday: "TU", until: "2027-06-16" });
    expect(defaultRepeat("2027-01-28")).toMatchObject({ ordinal: -1, weekday: "TH" }); // the last Thursday
  });
});

describe("repeatProblem", () => {
  it("finds what the database would refuse", () => {
    expect(repeatProblem(base({ freq: "weekly", weekdays: [] }), "2027-03-16")).toBe("no_weekdays");
    expect(repeatProblem(base({ freq: "weekly", count: 53 }), "2027-03-16")).toBe("count");
    expect(repeatProblem(base({ freq: "weekly", count: 1 }), "2027-03-16")).toBe("count");
    expect(repeatProblem(base({ freq: "weekly", ends: "until", until: "2027-03-16" }), "2027-03-16")).toBe("until");
    expect(repeatProblem(base({ freq: "monthly", ends: "until", until: "2029-04-01" }), "2027-03-16")).toBe("until");
    expect(repeatProblem(base({ freq: "weekly", interval: 0 }), "2027-03-16")).toBe("interval");
    expect(repeatProblem(base({ freq: "weekly" }), "2027-03-16")).toBeNull();
  });
});

describe("repeatFromRule", () => {
  const at = (rrule: string, position = 1) => repeatFromRule({ rrule, position, startDate: "2027-03-18", zone: "Europe/Paris" });
  it("reads back what buildRrule writes, counting from this date on", () => {
    for (const r of [base({ freq: "weekly", weekdays: ["MO", "TH"], count: 10 }), base({ freq: "monthly", monthDay: -1, count: 6 }),
      base({ freq: "monthly", monthlyBy: "weekday", ordinal: -1, weekday: "FR", ends: "until", until: "2027-09-30" }),
      base({ freq: "weekly", interval: 2, ends: "until", until: "2027-06-30" })]) {
      const rule = buildRrule(r)!;
      expect(buildRrule(at(rule)!)).toBe(rule);
    }
    expect(at("FREQ=WEEKLY;BYDAY=TU;COUNT=10", 3)).toMatchObject({ freq: "weekly", weekdays: ["TU"], ends: "count", count: 8 });
    // A split series' end is an instant: the date it falls on in the event's zone.
    expect(at("FREQ=WEEKLY;BYDAY=TU;UNTIL=20270316T175959Z")).toMatchObject({ ends: "until", until: "2027-03-16" });
  });

  it("gives up on rules the editor cannot show", () => {
    expect(at("FREQ=DAILY;COUNT=3")).toBeNull();
    expect(at("FREQ=MONTHLY;BYDAY=1TH,3TH;COUNT=3")).toBeNull();
    expect(at("FREQ=WEEKLY;BYDAY=TU")).toBeNull();
  });
});

describe("moveRepeat", () => {
  it("carries the rule with a moved date, as the database does", () => {
    const rule = (r: Partial<RepeatChoice>, from: string, to: string) => buildRrule(moveRepeat(base({ count: 5, ...r }), from, to));
    expect(rule({ freq: "weekly", weekdays: ["TU", "TH"] }, "2027-03-16", "2027-03-17")).toBe("FREQ=WEEKLY;BYDAY=WE,TH;COUNT=5");
    expect(rule({ freq: "weekly", weekdays: ["TU"] }, "2027-03-16", "2027-03-18")).toBe("FREQ=WEEKLY;BYDAY=TH;COUNT=5");
    expect(rule({ freq: "monthly", monthDay: 15 }, "2027-03-15", "2027-03-20")).toBe("FREQ=MONTHLY;BYMONTHDAY=20;COUNT=5");
    expect(rule({ freq: "monthly", monthDay: -1 }, "2027-03-31", "2027-04-30")).toBe("FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=5");
    expect(rule({ freq: "monthly", monthlyBy: "weekday", ordinal: 1, weekday: "TH" }, "2027-04-01", "2027-04-02")).toBe("FREQ=MONTHLY;BYDAY=1FR;COUNT=5");
    expect(rule({ freq: "monthly", monthlyBy: "weekday", ordinal: -1, weekday: "FR" }, "2027-04-30", "2027-04-15")).toBe("FREQ=MONTHLY;BYDAY=3TH;COUNT=5");
  });
});
