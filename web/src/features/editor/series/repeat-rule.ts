// The editor's "Repeat" choices as the RFC 5545 RRULE text create_series takes (decision 0121),
// and the limits the database enforces, checked first so the form can say so beside the field.

import { isoToZonedWallTime } from "@/lib/datetime";

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** 1–5: the first to fifth weekday of the month; -1: the last. */
export type Ordinal = 1 | 2 | 3 | 4 | 5 | -1;

export type RepeatChoice = {
  freq: "none" | "weekly" | "monthly";
  /** Every N weeks or months. */
  interval: number;
  weekdays: Weekday[];
  monthlyBy: "day" | "weekday";
  /** 1–31, or -1 for the last day of the month. */
  monthDay: number;
  ordinal: Ordinal;
  weekday: Weekday;
  ends: "count" | "until";
  count: number;
  /** YYYY-MM-DD, in the event's zone. */
  until: string;
};

export const MAX_DATES = 52;

function weekdayOf(date: string): Weekday {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(d + 6) % 7]!;
}

function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** Sensible defaults from the first date: its weekday, its day, its place in the month. */
export function defaultRepeat(startDate: string): RepeatChoice {
  // Until a valid date is typed, today stands in (the choice is rebuilt when "Repeats" is set).
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || Number.isNaN(Date.parse(startDate))) startDate = new Date().toISOString().slice(0, 10);
  const day = Number(startDate.slice(8, 10)) || 1;
  const daysInMonth = new Date(Date.UTC(Number(startDate.slice(0, 4)), Number(startDate.slice(5, 7)), 0)).getUTCDate();
  const nth = Math.ceil(day / 7);
  return {
    freq: "none", interval: 1, weekdays: [weekdayOf(startDate)], monthlyBy: "day", monthDay: day,
    // The last Thursday reads better than "the 5th", and exists every month.
    ordinal: day + 7 > daysInMonth ? -1 : (nth as Ordinal), weekday: weekdayOf(startDate),
    ends: "count", count: 8, until: addMonths(startDate, 3),
  };
}

/** The RRULE text, or null for "does not repeat". Weekdays are written Monday first. */
export function buildRrule(r: RepeatChoice): string | null {
  if (r.freq === "none") return null;
  const parts = [`FREQ=${r.freq === "weekly" ? "WEEKLY" : "MONTHLY"}`];
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.freq === "weekly") parts.push(`BYDAY=${WEEKDAYS.filter((d) => r.weekdays.includes(d)).join(",")}`);
  else if (r.monthlyBy === "day") parts.push(`BYMONTHDAY=${r.monthDay}`);
  else parts.push(`BYDAY=${r.ordinal}${r.weekday}`);
  parts.push(r.ends === "count" ? `COUNT=${r.count}` : `UNTIL=${r.until.replaceAll("-", "")}`);
  return parts.join(";");
}

export type RepeatProblem = "no_weekdays" | "interval" | "count" | "until";

/**
 * What the database would refuse, found before saving (it still checks: 52 dates, two years).
 * A new series needs two dates; the following dates of one may be a single date (`minCount` 1).
 */
export function repeatProblem(r: RepeatChoice, startDate: string, minCount = 2): RepeatProblem | null {
  if (r.freq === "none") return null;
  if (!Number.isInteger(r.interval) || r.interval < 1 || r.interval > 99) return "interval";
  if (r.freq === "weekly" && r.weekdays.length === 0) return "no_weekdays";
  if (r.ends === "count" && (!Number.isInteger(r.count) || r.count < minCount || r.count > MAX_DATES)) return "count";
  if (r.ends === "until" && (!/^\d{4}-\d{2}-\d{2}$/.test(r.until) || r.until <= startDate || r.until > addMonths(startDate, 24))) return "until";
  return null;
}

/** What the editor knows of a date's series: its rule, and where the date is in it. */
export type SeriesRule = { rrule: string; position: number; startDate: string; zone: string };

/**
 * The Repeat choice a series date shows for "this and following": the series' rule read back (the
 * subset buildRrule writes, decision 0121), a COUNT counted from this date on. Null for a rule the
 * editor cannot show (it was made elsewhere): the section then says so and offers nothing.
 */
export function repeatFromRule({ rrule, position, startDate, zone }: SeriesRule): RepeatChoice | null {
  const parts = new Map(rrule.replace(/^RRULE:/i, "").toUpperCase().split(";").map((p) => p.split("=") as [string, string]));
  const r = defaultRepeat(startDate);
  const freq = parts.get("FREQ");
  if (freq !== "WEEKLY" && freq !== "MONTHLY") return null;
  r.freq = freq === "WEEKLY" ? "weekly" : "monthly";
  r.interval = Number(parts.get("INTERVAL") ?? 1);
  const byday = parts.get("BYDAY")?.split(",") ?? [];
  if (r.freq === "weekly" && byday.length > 0) {
    if (!byday.every((d) => (WEEKDAYS as readonly string[]).includes(d))) return null;
    r.weekdays = byday as Weekday[];
  } else if (r.freq === "monthly" && parts.has("BYMONTHDAY")) {
    r.monthlyBy = "day";
    r.monthDay = Number(parts.get("BYMONTHDAY"));
    if (!(r.monthDay === -1 || (r.monthDay >= 1 && r.monthDay <= 31))) return null;
  } else if (r.freq === "monthly" && byday.length === 1) {
    const m = /^(-?[1-5])(MO|TU|WE|TH|FR|SA|SU)$/.exec(byday[0]!);
    if (!m || (Number(m[1]) < 0 && m[1] !== "-1")) return null;
    r.monthlyBy = "weekday";
    r.ordinal = Number(m[1]) as Ordinal;
    r.weekday = m[2] as Weekday;
  } else if (byday.length > 0) return null;
  const count = parts.get("COUNT");
  const until = parts.get("UNTIL");
  if (count) {
    r.ends = "count";
    r.count = Math.max(1, Number(count) - position + 1);
  } else if (until) {
    const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(until);
    if (!m) return null;
    r.ends = "until";
    r.until = m[7] ? isoToZonedWallTime(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`, zone).date : `${m[1]}-${m[2]}-${m[3]}`;
  } else return null;
  return r;
}

function lastDayOfMonth(date: string): number {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();
}

/**
 * The rule as it follows a date moved from `from` to `to` (the database's private.rrule_moved,
 * decision 0125): that weekday, day of the month or nth/last weekday becomes the new date's.
 */
export function moveRepeat(r: RepeatChoice, from: string, to: string): RepeatChoice {
  const [fromDay, toDay] = [Number(from.slice(8, 10)), Number(to.slice(8, 10))];
  const [fromWd, toWd] = [weekdayOf(from), weekdayOf(to)];
  if (!fromDay || !toDay || from === to) return r;
  if (r.freq === "weekly") {
    return { ...r, weekdays: WEEKDAYS.filter((d) => r.weekdays.map((w) => (w === fromWd ? toWd : w)).includes(d)) };
  }
  if (r.freq !== "monthly") return r;
  if (r.monthlyBy === "day") {
    if (r.monthDay === fromDay) return { ...r, monthDay: toDay };
    if (r.monthDay === -1 && fromDay === lastDayOfMonth(from)) return { ...r, monthDay: toDay === lastDayOfMonth(to) ? -1 : toDay };
    return r;
  }
  if (r.weekday !== fromWd) return r;
  const ordinal = r.ordinal === -1 && toDay + 7 > lastDayOfMonth(to) ? -1 : (Math.ceil(toDay / 7) as Ordinal);
  return { ...r, weekday: toWd, ordinal };
}
