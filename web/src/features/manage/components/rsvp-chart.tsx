import { Trans } from "@lingui/react/macro";
import { useId, useMemo } from "react";
import { intlLocale } from "@/lib/i18n/active-locale";
import type { Guest } from "../api/guest-list";
import { chartSummary, cumulativeGoingByDay, type ChartDay } from "../rsvp-chart-data";

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 16, bottom: 32, left: 40 };

/** "Nov 25" for a civil day (formatted in UTC, the day's own frame, so it never shifts). */
function shortDay(day: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A round top for the y axis: 1, 2, 5, 10, 20, 50, … at or above `n`. */
function niceMax(n: number): number {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= n) ?? 10 * power;
}

function points(days: ChartDay[], top: number) {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  return days.map((d, i) => ({
    ...d,
    x: PAD.left + (days.length === 1 ? innerW / 2 : (i / (days.length - 1)) * innerW),
    y: PAD.top + innerH - (d.total / top) * innerH,
  }));
}

/**
 * People going over time, as a small SVG line (no chart library). The sentence under it says
 * the same for screen readers, and the table beside it gives every number.
 */
export function RsvpChart({ guests, timeZone, until }: { guests: Guest[]; timeZone: string; until?: Date }) {
  const id = useId();
  const days = useMemo(() => cumulativeGoingByDay(guests, timeZone, { until }), [guests, timeZone, until]);
  const summary = chartSummary(days, shortDay);

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans>RSVPs over time</Trans>
      </h2>
      {days.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {summary} <Trans>The chart fills in as RSVPs arrive.</Trans>
        </p>
      ) : (
        <figure className="flex flex-col gap-2">
          <ChartSvg days={days} labelledBy={`${id}-summary`} />
          <figcaption id={`${id}-summary`} className="text-sm text-muted-foreground">
            {summary} <Trans>Days in the event's time zone ({timeZone}).</Trans>
          </figcaption>
          <details className="text-sm">
            <summary className="cursor-pointer rounded-sm font-medium text-brand-700">
              <Trans>Show as a table</Trans>
            </summary>
            <div className="mt-2 max-h-64 overflow-auto">
              <table className="w-full text-left tabular-nums">
                <caption className="sr-only">
                  <Trans>People going, by day</Trans>
                </caption>
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-1 pr-4 font-medium">
                      <Trans comment="A column of the RSVPs-by-day table">Day</Trans>
                    </th>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      <Trans comment="A column of the RSVPs-by-day table: RSVPs that day">New</Trans>
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      <Trans>Total going</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((d) => (
                    <tr key={d.day} className="border-b border-border last:border-0">
                      <th scope="row" className="py-1 pr-4 font-normal">{shortDay(d.day)}</th>
                      <td className="py-1 pr-4">{d.added}</td>
                      <td className="py-1">{d.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </figure>
      )}
    </section>
  );
}

function ChartSvg({ days, labelledBy }: { days: ChartDay[]; labelledBy: string }) {
  const top = niceMax(days.at(-1)!.total);
  const pts = points(days, top);
  const baseline = HEIGHT - PAD.bottom;
  const line = pts.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
  const area = `${line} L${pts.at(-1)!.x.toFixed(1)},${baseline} L${pts[0]!.x.toFixed(1)},${baseline} Z`;
  const ticks = [0, top / 2, top].filter((t) => Number.isInteger(t));
  const labelled = pts.length > 2 ? [pts[0]!, pts[Math.floor(pts.length / 2)]!, pts.at(-1)!] : pts;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={labelledBy}
      className="h-auto w-full text-brand-700"
      preserveAspectRatio="xMidYMid meet"
    >
      {ticks.map((t) => {
        const y = PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - t / top);
        return (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="stroke-border" />
            <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="fill-muted-foreground text-xs">
              {t}
            </text>
          </g>
        );
      })}
      <path d={area} className="fill-brand-100" />
      <path d={line} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" />
      {pts.length <= 60 && pts.map((p) => <circle key={p.day} cx={p.x} cy={p.y} r={3} fill="currentColor" />)}
      {labelled.map((p, i) => (
        <text
          key={p.day}
          x={p.x}
          y={HEIGHT - 10}
          textAnchor={labelled.length > 1 && i === 0 ? "start" : i === labelled.length - 1 && labelled.length > 1 ? "end" : "middle"}
          className="fill-muted-foreground text-xs"
        >
          {shortDay(p.day)}
        </text>
      ))}
    </svg>
  );
}
