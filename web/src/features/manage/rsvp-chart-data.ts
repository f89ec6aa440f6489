// The numbers behind the RSVPs-over-time chart: people going, cumulative, per calendar day in
// the event's zone (a host in Lisbon thinks of "Tuesday" in Lisbon, whatever the viewer's zone).
import { plural, t } from "@lingui/core/macro";

export type ChartRsvp = { status: string; created_at: string };
export type ChartDay = { day: string; added: number; total: number };

/** "2026-11-25": the calendar day of an instant in `timeZone`. */
export function dayInZone(iso: string | Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );
}

/** The civil day after `day` (calendar arithmetic in UTC, so DST never skips or repeats one). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Going RSVPs counted by the day they arrived, with a running total, from the first RSVP's day
 * to `until`'s day (default: the last RSVP's day). Days without RSVPs are kept, so the line
 * is flat there rather than skipping them. At most `maxDays` days: beyond that, the first days
 * are folded into the first one shown (its `added` is what arrived up to then).
 */
export function cumulativeGoingByDay(
  rsvps: ChartRsvp[],
  timeZone: string,
  { until, maxDays = 120 }: { until?: Date; maxDays?: number } = {},
): ChartDay[] {
  const perDay = new Map<string, number>();
  for (const r of rsvps) {
    if (r.status !== "going") continue;
    const day = dayInZone(r.created_at, timeZone);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  if (perDay.size === 0) return [];
  const days = [...perDay.keys()].sort();
  const first = days[0]!;
  let last = days.at(-1)!;
  if (until) {
    const untilDay = dayInZone(until, timeZone);
    if (untilDay > last) last = untilDay;
  }

  const out: ChartDay[] = [];
  let total = 0;
  for (let day = first; day <= last; day = nextDay(day)) {
    const added = perDay.get(day) ?? 0;
    total += added;
    out.push({ day, added, total });
  }
  if (out.length <= maxDays) return out;
  const kept = out.slice(-maxDays);
  const head = kept[0]!;
  kept[0] = { ...head, added: head.total };
  return kept;
}

/** One sentence for screen readers and the chart's caption. */
export function chartSummary(days: ChartDay[], formatDay: (day: string) => string): string {
  if (days.length === 0) return t`No one is going yet.`;
  const last = days.at(-1)!;
  const busiest = days.reduce((a, b) => (b.added > a.added ? b : a));
  const lastDay = formatDay(last.day);
  const firstDay = formatDay(days[0]!.day);
  const busiestDay = formatDay(busiest.day);
  const added = busiest.added;
  const going = plural(last.total, {
    one: `# person going by ${lastDay}, since the first RSVP on ${firstDay}.`,
    other: `# people going by ${lastDay}, since the first RSVP on ${firstDay}.`,
  });
  return `${going} ${t`Busiest day: ${busiestDay}, with ${added} new.`}`;
}
