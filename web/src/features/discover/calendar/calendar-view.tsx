import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatMonthYear } from "@/lib/datetime";
import { errorMessage } from "@/lib/errors";
import { formatNumber } from "@/lib/i18n/format";
import { discoverMonthOptions, firstResultOptions, MONTH_LIMIT } from "../api/search-month";
import { hasActiveFilters, type DiscoverFilters } from "../discover-filters";
import { AgendaList } from "./agenda-list";
import { addMonths, eventsByDay, monthBounds, monthOf, openingMonth, parseMonthKey, toMonthKey } from "./month-grid";
import { MonthTable } from "./month-table";

/**
 * The calendar view: a month of events, each on its own date and at its own time where it takes
 * place (decision 0301), `?month=2026-11` in the URL, with the same filters as the list. Without
 * a month in the URL it opens on this month, or on the first result's when that is later
 * (decision 0302). Phones get an agenda under a compact grid.
 */
export function CalendarView({ filters }: { filters: DiscoverFilters }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const named = parseMonthKey(params.get("month"));
  const first = useQuery({ ...firstResultOptions(filters), enabled: named === null });
  // Until the first result is known the month is not: no grid of this month flashes first. If
  // that search fails, this month (its own search will say why).
  const opening = named === null && first.isPending ? null : openingMonth(new Date(), first.data ?? null);
  const month = named ?? opening ?? monthOf(new Date());
  const title = formatMonthYear(monthBounds(month).start);
  const query = useQuery({
    ...discoverMonthOptions(filters, month),
    placeholderData: keepPreviousData,
    enabled: named !== null || opening !== null,
  });

  const go = (delta: number) => {
    const next = new URLSearchParams(params);
    next.set("month", toMonthKey(addMonths(month, delta)));
    setParams(next, { preventScrollReset: true });
  };

  const byDay = eventsByDay(query.data?.events ?? []);
  // An event that began last month (and is still on) sits on its first day, in last month's row.
  const thisMonth = new Map([...byDay].filter(([day]) => day.startsWith(toMonthKey(month))));
  const headingId = useId();
  const shownCount = formatNumber(MONTH_LIMIT);
  const total = query.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" onClick={() => go(-1)} aria-label={t`Previous month`}>
          <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
        </Button>
        <h2 id={headingId} aria-live="polite" className="text-xl font-semibold">
          {title}
        </h2>
        <Button variant="outline" size="icon" onClick={() => go(1)} aria-label={t`Next month`}>
          <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
        </Button>
      </div>

      {query.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>
            {t`Couldn't load this month's events.`} {errorMessage(query.error)}
          </span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : query.isPending ? (
        <div>
          <Spinner className="sr-only" label={t`Loading events…`} />
          <Skeleton className="h-[28rem] w-full rounded-xl" />
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {query.isPlaceholderData ? (
              t`Loading…`
            ) : query.data.total === 0 ? (
              hasActiveFilters(filters) ? (
                t`No events in ${title} match the filters.`
              ) : (
                t`No events in ${title}.`
              )
            ) : query.data.capped ? (
              // How many more is not counted (decision 0430): a month's count grew with the table.
              t`Showing the first ${shownCount} events in ${title}. Narrow the filters to see the rest.`
            ) : (
              <Plural value={total} one={`# event in ${title}.`} other={`# events in ${title}.`} />
            )}{" "}
            <Trans>Times are local to each event's venue.</Trans>
          </p>
          <MonthTable month={month} byDay={byDay} labelledBy={headingId} busy={query.isPlaceholderData} />
          <AgendaList byDay={thisMonth} />
        </>
      )}
    </div>
  );
}
