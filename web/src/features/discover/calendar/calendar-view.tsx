import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatMonthYear, viewerTimeZone } from "@/lib/datetime";
import { errorMessage } from "@/lib/errors";
import { discoverMonthOptions, MONTH_LIMIT } from "../api/search-month";
import { hasActiveFilters, type DiscoverFilters } from "../discover-filters";
import { AgendaList } from "./agenda-list";
import { addMonths, eventsByDay, monthBounds, monthOf, parseMonthKey, toMonthKey } from "./month-grid";
import { MonthTable } from "./month-table";

/**
 * The calendar view: a month of events on the viewer's days, `?month=2026-11` in the URL,
 * with the same filters as the list. Phones get an agenda under a compact grid.
 */
export function CalendarView({ filters }: { filters: DiscoverFilters }) {
  const [params, setParams] = useSearchParams();
  const month = parseMonthKey(params.get("month")) ?? monthOf(new Date());
  const title = formatMonthYear(monthBounds(month).start);
  const query = useQuery({ ...discoverMonthOptions(filters, month), placeholderData: keepPreviousData });

  const go = (delta: number) => {
    const next = new URLSearchParams(params);
    next.set("month", toMonthKey(addMonths(month, delta)));
    setParams(next, { preventScrollReset: true });
  };

  const byDay = eventsByDay(query.data?.events ?? [], viewerTimeZone());
  // An event that began last month (and is still on) sits on its first day, in last month's row.
  const thisMonth = new Map([...byDay].filter(([day]) => day.startsWith(toMonthKey(month))));
  const headingId = useId();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" onClick={() => go(-1)} aria-label="Previous month">
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 id={headingId} aria-live="polite" className="text-xl font-semibold">
          {title}
        </h2>
        <Button variant="outline" size="icon" onClick={() => go(1)} aria-label="Next month">
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      {query.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>Couldn't load this month's events. {errorMessage(query.error)}</span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.isPending ? (
        <div>
          <Spinner className="sr-only" label="Loading events…" />
          <Skeleton className="h-[28rem] w-full rounded-xl" />
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {query.isPlaceholderData
              ? "Loading…"
              : query.data.total === 0
                ? `No events in ${title}${hasActiveFilters(filters) ? " match the filters" : ""}.`
                : query.data.total > MONTH_LIMIT
                  ? `Showing the first ${MONTH_LIMIT} of ${query.data.total} events in ${title}. Narrow the filters to see the rest.`
                  : `${query.data.total === 1 ? "1 event" : `${query.data.total} events`} in ${title}.`}
          </p>
          <MonthTable month={month} byDay={byDay} labelledBy={headingId} busy={query.isPlaceholderData} />
          <AgendaList byDay={thisMonth} />
        </>
      )}
    </div>
  );
}
