import { addLocalDays, isoToZonedWallTime, toDayKey } from "@/lib/datetime";

/** A calendar month; `month` is 0–11 as in Date. */
export type CalendarMonth = { year: number; month: number };

export type CalendarDay = {
  /** "2026-11-25" */
  key: string;
  dayOfMonth: number;
  /** False for the days of the previous and next month that fill the first and last week. */
  inMonth: boolean;
};

export function monthOf(d: Date): CalendarMonth {
  return { year: d.getFullYear(), month: d.getMonth() };
}

/** "2026-11", the form of `?month=` in the URL. */
export function toMonthKey({ year, month }: CalendarMonth): string {
  return `${year}-${String(month + 1).padStart(2, "0")}`;
}

export function parseMonthKey(key: string | null): CalendarMonth | null {
  const m = /^(\d{4})-(\d{2})$/.exec(key ?? "");
  if (!m) return null;
  const month = Number(m[2]) - 1;
  return month >= 0 && month <= 11 ? { year: Number(m[1]), month } : null;
}

export function addMonths({ year, month }: CalendarMonth, n: number): CalendarMonth {
  return monthOf(new Date(year, month + n, 1));
}

/** Local midnight of the month's first day, and of the next month's. */
export function monthBounds({ year, month }: CalendarMonth): { start: Date; end: Date } {
  return { start: new Date(year, month, 1), end: new Date(year, month + 1, 1) };
}

/**
 * The month as whole weeks starting on `weekStartsOn` (0 = Sunday … 6 = Saturday): 4 to 6
 * rows of 7 days, padded with the neighbouring months' days.
 */
export function monthGrid(month: CalendarMonth, weekStartsOn: number): CalendarDay[][] {
  const { start, end } = monthBounds(month);
  const lead = (start.getDay() - weekStartsOn + 7) % 7;
  let day = addLocalDays(start, -lead);
  const weeks: CalendarDay[][] = [];
  while (day < end) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ key: toDayKey(day), dayOfMonth: day.getDate(), inMonth: day.getMonth() === month.month });
      day = addLocalDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * Events by the day they start on at their venue, in their own zone (decision 0301: the calendar
 * shows each event where its cards and page do: 19:00 in Tokyo is on its Tokyo date, at 19:00,
 * for every viewer). Within a day, in order of the venue's clock, then of the instant.
 */
export function eventsByDay<T extends { starts_at: string; timezone: string }>(events: readonly T[]): Map<string, T[]> {
  const placed = events.map((event) => ({ event, ...isoToZonedWallTime(event.starts_at, event.timezone) }));
  placed.sort((a, b) =>
    a.date === b.date && a.time === b.time
      ? Date.parse(a.event.starts_at) - Date.parse(b.event.starts_at)
      : `${a.date}T${a.time}` < `${b.date}T${b.time}` ? -1 : 1,
  );
  const byDay = new Map<string, T[]>();
  for (const { event, date } of placed) {
    const list = byDay.get(date);
    if (list) list.push(event);
    else byDay.set(date, [event]);
  }
  return byDay;
}

/**
 * The month the calendar opens on when the URL names none (decision 0302): this month, unless
 * the first result (the next event the filters find) is in a later one — then that month, rather
 * than an empty grid. Months are the event's own dates, as the grid places it.
 */
export function openingMonth(now: Date, first: { starts_at: string; timezone: string } | null): CalendarMonth {
  const current = monthOf(now);
  if (!first) return current;
  const [year = "", month = ""] = isoToZonedWallTime(first.starts_at, first.timezone).date.split("-");
  const firstMonth = { year: Number(year), month: Number(month) - 1 };
  return toMonthKey(firstMonth) > toMonthKey(current) ? firstMonth : current;
}
