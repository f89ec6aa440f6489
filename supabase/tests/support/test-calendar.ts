// Dates for tests of things that refuse the past and reach at most two years ahead (series, feeds
// of upcoming events): written as "the Tuesday 12 days before the spring clock change of next
// year" rather than as a literal date, so the test means the same on any day it runs. Days are
// 'YYYY-MM-DD' strings; the arithmetic is on UTC dates, where every day has 24 hours.
import type { Queryable } from '../../../server/src/db/db-types.ts';

export const SUN = 0, MON = 1, TUE = 2, WED = 3, THU = 4, FRI = 5, SAT = 6;
const DAY_MS = 864e5;

/**
 * Next year by the database's clock (the clock its `now()` checks use): every date in it is
 * ahead, and all of it is within two years.
 */
export async function nextYear(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ y: number }>(`select extract(year from now() at time zone 'UTC')::int + 1 as y`);
  return rows[0]!.y;
}

/** 'YYYY-MM-DD' of `month` (1–12) `d` of `year`. */
export function isoDay(year: number, month: number, d: number): string {
  return new Date(Date.UTC(year, month - 1, d)).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 (Sunday) to 6 (Saturday). */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The `n`th (1–5) `weekday` of the month, or the last one for n = -1; null when the month has no 5th. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): string | null {
  if (n === -1) {
    const last = isoDay(year, month + 1, 0);
    return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
  }
  const first = isoDay(year, month, 1);
  const day = addDays(first, (weekday - weekdayOf(first) + 7) % 7 + 7 * (n - 1));
  return day.slice(5, 7) === first.slice(5, 7) ? day : null;
}

/** The EU's spring clock change (Europe/Paris goes from UTC+1 to UTC+2): the last Sunday of March. */
export const euSpringChange = (year: number): string => nthWeekday(year, 3, SUN, -1)!;

/** The EU's autumn clock change (back to UTC+1): the last Sunday of October. */
export const euAutumnChange = (year: number): string => nthWeekday(year, 10, SUN, -1)!;

/** 'YYYYMMDD', as an RRULE's UNTIL and an iCalendar date write it. */
export const compact = (day: string): string => day.replace(/-/g, '');

/** "18 March 2027", as the emails write a date in English. */
export function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
