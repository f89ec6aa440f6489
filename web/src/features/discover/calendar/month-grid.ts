import { addLocalDays, dayKeyInZone, toDayKey } from "@/lib/datetime";

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
 * Events by the day they start on in `zone` (the viewer's: a calendar is about the viewer's
 * days), each day in start order.
 */
export function eventsByDay<T extends { starts_at: string }>(events: readonly T[], zone: string): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  const sorted = [...events].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  for (const event of sorted) {
    const key = dayKeyInZone(event.starts_at, zone);
    const list = byDay.get(key);
    if (list) list.push(event);
    else byDay.set(key, [event]);
  }
  return byDay;
}
