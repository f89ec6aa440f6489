// All date formatting and date maths in one place, on the platform's Intl (no library
// shipped). Events are instants (timestamptz) plus the venue's IANA zone; an event's time is
// always shown in that zone, labelled with its UTC offset, and the event page adds the viewer's
// own time when their clock differs (decision 0301). Words and orders come from
// Intl in the language on screen (lib/i18n), unless a `locale` is given.
import { intlLocale } from "./i18n/active-locale";
import { utcOffsetLabel } from "@shared/zoned-time";
import { dateTimeFormat } from "./i18n/intl-cache";

/** The viewer's IANA zone, e.g. "Europe/Berlin". */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

type Options = { locale?: string };

/** "Wed, Nov 25" in `zone`. */
export function formatDay(iso: string, zone: string, { locale }: Options = {}): string {
  return dateTimeFormat(locale ?? intlLocale(), {
    timeZone: zone, weekday: "short", month: "short", day: "numeric",
  }).format(new Date(iso));
}

/** "7:00 PM" in `zone`. */
export function formatTime(iso: string, zone: string, { locale }: Options = {}): string {
  return dateTimeFormat(locale ?? intlLocale(), { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(
    new Date(iso),
  );
}

/**
 * The label of an event time (decision 0301): the zone's UTC offset then, one way in every
 * language ("UTC", "UTC+9", "UTC+5:30", "UTC-3"); shared with the page-head function's first screen.
 */
export function zoneLabel(iso: string, zone: string): string {
  return utcOffsetLabel(new Date(iso), zone);
}

/** The zone's name in the language on screen, "Central European Time" / "heure d’Europe centrale". */
export function zoneName(iso: string, zone: string, { locale }: Options = {}): string {
  try {
    const parts = dateTimeFormat(locale ?? intlLocale(), { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(
      new Date(iso),
    );
    return parts.find((p) => p.type === "timeZoneName")?.value ?? zone.replace(/_/g, " ");
  } catch {
    return zone.replace(/_/g, " ");
  }
}

/** A card's one-liner: "Wed, Nov 25 · 7:00 PM UTC+9", in `zone` (the event's, decision 0301). */
export function formatEventStart(iso: string, zone: string, options: Options = {}): string {
  return `${formatDay(iso, zone, options)} · ${formatTime(iso, zone, options)} ${zoneLabel(iso, zone)}`;
}

/** A range: "Wed, Nov 25 · 7:00 PM – 10:00 PM UTC", or with both days when it spans days. */
export function formatEventRange(startIso: string, endIso: string, zone: string, options: Options = {}): string {
  const startDay = formatDay(startIso, zone, options);
  const endDay = formatDay(endIso, zone, options);
  const start = formatTime(startIso, zone, options);
  const end = formatTime(endIso, zone, options);
  const abbr = zoneLabel(startIso, zone);
  return startDay === endDay
    ? `${startDay} · ${start} – ${end} ${abbr}`
    : `${startDay} · ${start} – ${endDay} · ${end} ${abbr}`;
}

/** Whether two zones show the same wall-clock time at this instant (no need for a 2nd label). */
export function sameWallClock(iso: string, zoneA: string, zoneB: string): boolean {
  const f = (zone: string) =>
    dateTimeFormat("en-US", {
      timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
    }).format(new Date(iso));
  return f(zoneA) === f(zoneB);
}

/** "20261125T190000Z", the compact UTC form Google Calendar and iCalendar use. */
export function toCompactUtc(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

export type WhenFilter = "today" | "week" | "weekend" | "any";

function startOfLocalDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

function addDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

/**
 * The window a "when" filter means, in the viewer's local time: events that have not ended by
 * `startsAfter` and start before `startsBefore`. "This week" is the seven days from today
 * (today and the next six), so it never shrinks to one day on a Sunday or to a Saturday and a
 * Sunday (decision 0302); "this weekend" is Saturday and Sunday (from now, once it has begun).
 */
export function whenRange(when: WhenFilter, now: Date = new Date()): { startsAfter: Date; startsBefore?: Date } {
  const today = startOfLocalDay(now);
  const dow = now.getDay(); // 0 = Sunday
  switch (when) {
    case "today":
      return { startsAfter: now, startsBefore: addDays(today, 1) };
    case "week":
      return { startsAfter: now, startsBefore: addDays(today, 7) };
    case "weekend": {
      const saturday = dow === 0 ? addDays(today, -1) : addDays(today, 6 - dow);
      const after = saturday > now ? saturday : now;
      return { startsAfter: after, startsBefore: addDays(saturday, 2) };
    }
    default:
      return { startsAfter: now };
  }
}

// ── Wall-clock time in an IANA zone ⇄ instants (the event editor) ────────────────────────

/** The zone's offset from UTC at `instantMs`, in ms (e.g. +3_600_000 for CET). */
function zoneOffsetMs(instantMs: number, zone: string): number {
  const parts = dateTimeFormat("en-US", {
    timeZone: zone, hourCycle: "h23",
    year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
  }).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;

/**
 * The instant (ISO, UTC) at which clocks in `zone` show `date` ("2026-11-25") and `time`
 * ("19:00"), or null for malformed input. Around clock changes it does what calendars (and
 * Temporal's "compatible" mode) do: a time that happens twice (autumn) means the first one;
 * a time that never happens (spring gap) moves forward by the gap (02:30 → 03:30).
 */
export function zonedWallTimeToIso(date: string, time: string, zone: string): string | null {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall)) return null;
  const day = 86_400_000;
  const before = wall - zoneOffsetMs(wall - day, zone);
  const after = wall - zoneOffsetMs(wall + day, zone);
  const fits = (instant: number) => instant + zoneOffsetMs(instant, zone) === wall;
  const candidates = [before, after].filter(fits);
  // Two candidates: the repeated hour, take the earlier. None: the gap, read with the offset
  // in force before it, which lands after the gap.
  const instant = candidates.length > 0 ? Math.min(...candidates) : before;
  return new Date(instant).toISOString();
}

/** What clocks in `zone` show at `iso`: { date: "2026-11-25", time: "19:00" }. */
export function isoToZonedWallTime(iso: string, zone: string): { date: string; time: string } {
  const ms = new Date(iso).getTime();
  const wall = new Date(Math.floor(ms / 1000) * 1000 + zoneOffsetMs(ms, zone));
  const [date = "", rest = ""] = wall.toISOString().split("T");
  return { date, time: rest.slice(0, 5) };
}

/** Whether `zone` is an IANA name this browser knows. */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone }); // a probe, never cached
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone the browser knows, sorted, with UTC and the viewer's own zone included. */
export function timeZoneNames(): string[] {
  const supported = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([...supported, "UTC", viewerTimeZone()])].sort();
}

// ── Calendar days (Discover's date range and calendar) ───────────────────────────────────
// A "day key" is a calendar date as "2026-11-25": what <input type="date"> reads and writes.

const DAY_KEY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The viewer's local calendar date of `d` as a day key. */
export function toDayKey(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight of a day key, or null when it is not a real date ("2026-02-30"). */
export function parseDayKey(key: string): Date | null {
  const m = DAY_KEY_RE.exec(key);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return toDayKey(d) === key ? d : null;
}

/** The calendar date clocks in `zone` show at `iso`, as a day key. */
export function dayKeyInZone(iso: string, zone: string): string {
  const parts = dateTimeFormat("en-US", {
    timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit",
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Local midnight `days` after `d`'s day (clock changes cannot shift it off midnight). */
export function addLocalDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

/** "November 2026". */
export function formatMonthYear(d: Date, { locale }: Options = {}): string {
  return dateTimeFormat(locale ?? intlLocale(), { month: "long", year: "numeric" }).format(d);
}

/** "Wednesday, November 25" for a day key (the agenda's headings, the calendar's labels). */
export function formatDayKey(key: string, { locale }: Options = {}): string {
  const d = parseDayKey(key);
  return d ? dateTimeFormat(locale ?? intlLocale(), { weekday: "long", month: "long", day: "numeric" }).format(d) : key;
}

/** "Mon" / "Monday" for a weekday number (0 = Sunday). */
export function weekdayName(day: number, width: "short" | "long", { locale }: Options = {}): string {
  // 2023-01-01 was a Sunday.
  return dateTimeFormat(locale ?? intlLocale(), { weekday: width }).format(new Date(2023, 0, 1 + day));
}

/** The first day of the week where the viewer lives (0 = Sunday, 1 = Monday), Monday if unknown. */
export function weekStartDay({ locale }: Options = {}): number {
  try {
    const loc = new Intl.Locale(locale ?? intlLocale()) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = (loc.getWeekInfo?.() ?? loc.weekInfo)?.firstDay;
    return firstDay === undefined ? 1 : firstDay % 7; // Intl says 7 for Sunday
  } catch {
    return 1;
  }
}
