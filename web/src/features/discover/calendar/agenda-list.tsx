import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatDayKey, formatTime } from "@/lib/datetime";
import type { CalendarEvent } from "../api/search-month";

export function agendaDayId(dayKey: string): string {
  return `agenda-${dayKey}`;
}

/** The month's events day by day, for phones, where the grid has room only for counts. */
export function AgendaList({ byDay }: { byDay: ReadonlyMap<string, CalendarEvent[]> }) {
  const { t } = useLingui();
  if (byDay.size === 0) return null;
  return (
    <section aria-label={t`Agenda`} className="sm:hidden">
      <ol className="flex flex-col gap-4">
        {[...byDay].map(([day, events]) => (
          <li key={day} className="flex flex-col gap-2">
            <h3 id={agendaDayId(day)} tabIndex={-1} className="scroll-mt-4 text-sm font-semibold">
              {formatDayKey(day)}
            </h3>
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
              {events.map((event) => (
                <li key={event.id}>
                  <Link to={`/events/${event.slug}`} className="flex gap-3 px-3 py-2.5 text-sm hover:bg-muted">
                    <span className="w-16 shrink-0 font-semibold text-brand-700">{formatTime(event.starts_at, event.timezone)}</span>
                    <span className="min-w-0 flex-1">{event.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
