import { Plural, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import { formatDayKey, formatTime, toDayKey, weekdayName, weekStartDay } from "@/lib/datetime";
import { formatNumber } from "@/lib/i18n/format";
import { cn } from "@/lib/utils";
import type { CalendarEvent } from "../api/search-month";
import { agendaDayId } from "./agenda-list";
import { monthGrid, type CalendarDay, type CalendarMonth } from "./month-grid";

/** Titles shown in a day's cell before "+N more". */
const SHOWN_PER_DAY = 3;

type MonthTableProps = {
  month: CalendarMonth;
  byDay: ReadonlyMap<string, CalendarEvent[]>;
  /** The id of the heading that names the month. */
  labelledBy: string;
  busy: boolean;
};

function DayCell({ day, events, today }: { day: CalendarDay; events: CalendarEvent[]; today: string }) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? events : events.slice(0, SHOWN_PER_DAY);
  const hidden = events.length - shown.length;
  const more = formatNumber(hidden);
  const count = events.length;
  const dayName = formatDayKey(day.key);
  const isToday = day.key === today;

  return (
    <td
      aria-current={isToday ? "date" : undefined}
      className={cn(
        "h-16 border border-border p-1 align-top sm:h-28 sm:p-1.5",
        !day.inMonth && "bg-muted/60 text-muted-foreground",
      )}
    >
      <div className="flex flex-col items-center gap-1 sm:items-stretch">
        <time
          dateTime={day.key}
          className={cn(
            "inline-flex size-7 items-center justify-center rounded-full text-sm sm:self-start",
            isToday && "bg-primary font-semibold text-primary-foreground",
          )}
        >
          {formatNumber(day.dayOfMonth)}
        </time>
        {events.length > 0 && (
          // Phones: the count, which jumps to that day in the agenda below the grid.
          <button
            type="button"
            className="inline-flex min-w-7 items-center justify-center rounded-full bg-secondary px-1.5 text-xs font-semibold text-secondary-foreground sm:hidden"
            onClick={() => {
              const target = document.getElementById(agendaDayId(day.key));
              target?.scrollIntoView({ block: "start" });
              target?.focus({ preventScroll: true });
            }}
          >
            <span aria-hidden="true">{formatNumber(events.length)}</span>
            <span className="sr-only">
              <Plural value={count} one={`# event on ${dayName}`} other={`# events on ${dayName}`} />
            </span>
          </button>
        )}
        {events.length > 0 && (
          <ul className="hidden min-w-0 flex-col gap-0.5 sm:flex">
            {shown.map((event) => (
              <li key={event.id} className="min-w-0">
                <Link
                  to={`/events/${event.slug}`}
                  title={event.title}
                  className="block truncate rounded px-1 py-0.5 text-xs text-foreground hover:bg-secondary"
                >
                  <span className="font-semibold text-brand-700">{formatTime(event.starts_at, event.timezone)}</span>{" "}
                  {event.title}
                </Link>
              </li>
            ))}
            {(hidden > 0 || expanded) && events.length > SHOWN_PER_DAY && (
              <li>
                <button
                  type="button"
                  aria-expanded={expanded}
                  className="rounded px-1 text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
                  onClick={() => setExpanded((e) => !e)}
                >
                  <span aria-hidden="true">{expanded ? t`Show fewer` : t`+${more} more`}</span>
                  <span className="sr-only">
                    {expanded ? (
                      t`Show fewer events on ${dayName}`
                    ) : (
                      <Plural value={hidden} one={`# more event on ${dayName}`} other={`# more events on ${dayName}`} />
                    )}
                  </span>
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
    </td>
  );
}

/** The month grid: a real table (weekday column headers, one row a week), events as links. */
export function MonthTable({ month, byDay, labelledBy, busy }: MonthTableProps) {
  const weekStart = weekStartDay();
  const weeks = monthGrid(month, weekStart);
  const weekdays = Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);
  const today = toDayKey(new Date());

  return (
    <table aria-labelledby={labelledBy} aria-busy={busy} className="w-full table-fixed border-collapse">
      <thead>
        <tr>
          {weekdays.map((d) => (
            <th key={d} scope="col" className="pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              <span aria-hidden="true" className="sm:hidden">{weekdayName(d, "short").charAt(0)}</span>
              <span aria-hidden="true" className="hidden sm:inline">{weekdayName(d, "short")}</span>
              <span className="sr-only">{weekdayName(d, "long")}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.key}>
            {week.map((day) => (
              <DayCell key={day.key} day={day} events={byDay.get(day.key) ?? []} today={today} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
