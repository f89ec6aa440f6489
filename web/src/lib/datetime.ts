// All date formatting and date maths in one place, on the platform's Intl (no library
// shipped). Events are instants (timestamptz) plus the venue's IANA zone; we show them in
// that zone first and in the viewer's zone as a secondary label.

/** The viewer's IANA zone, e.g. "Europe/Berlin". */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

type Options = { locale?: string };

/** "Wed, Nov 25" in `zone`. */
export function formatDay(iso: string, zone: string, { locale }: Options = {}): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone, weekday: "short", month: "short", day: "numeric",
  }).format(new Date(iso));
}

/** "7:00 PM" in `zone`. */
export function formatTime(iso: string, zone: string, { locale }: Options = {}): string {
  return new Intl.DateTimeFormat(locale, { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(
    new Date(iso),
  );
}

/** The zone's short name at that instant: "WET", "GMT+1", "EST". */
export function zoneAbbreviation(iso: string, zone: string, { locale }: Options = {}): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" }).formatToParts(
    new Date(iso),
  );
  return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
}

/** A card's one-liner: "Wed, Nov 25 · 7:00 PM WET". */
export function formatEventStart(iso: string, zone: string, options: Options = {}): string {
  return `${formatDay(iso, zone, options)} · ${formatTime(iso, zone, options)} ${zoneAbbreviation(iso, zone, options)}`;
}

/** A range: "Wed, Nov 25 · 7:00 PM – 10:00 PM WET", or with both days when it spans days. */
export function formatEventRange(startIso: string, endIso: string, zone: string, options: Options = {}): string {
  const startDay = formatDay(startIso, zone, options);
  const endDay = formatDay(endIso, zone, options);
  const start = formatTime(startIso, zone, options);
  const end = formatTime(endIso, zone, options);
  const abbr = zoneAbbreviation(startIso, zone, options);
  return startDay === endDay
    ? `${startDay} · ${start} – ${end} ${abbr}`
    : `${startDay} · ${start} – ${endDay} · ${end} ${abbr}`;
}

/** Whether two zones show the same wall-clock time at this instant (no need for a 2nd label). */
export function sameWallClock(iso: string, zoneA: string, zoneB: string): boolean {
  const f = (zone: string) =>
    new Intl.DateTimeFormat("en-US", {
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
 * `startsAfter` and start before `startsBefore`. "This week" runs to the end of Sunday; "this
 * weekend" is Saturday and Sunday (from now, once the weekend has begun).
 */
export function whenRange(when: WhenFilter, now: Date = new Date()): { startsAfter: Date; startsBefore?: Date } {
  const today = startOfLocalDay(now);
  const dow = now.getDay(); // 0 = Sunday
  const daysToMonday = dow === 0 ? 1 : 8 - dow;
  switch (when) {
    case "today":
      return { startsAfter: now, startsBefore: addDays(today, 1) };
    case "week":
      return { startsAfter: now, startsBefore: addDays(today, daysToMonday) };
    case "weekend": {
      const saturday = dow === 0 ? addDays(today, -1) : addDays(today, 6 - dow);
      const after = saturday > now ? saturday : now;
      return { startsAfter: after, startsBefore: addDays(saturday, 2) };
    }
    default:
      return { startsAfter: now };
  }
}
