import type { EventStats } from "../api/get-event";

/** "26 of 30 spots left · 4 going · 2 on the waitlist" — read out when it changes live. */
export function spotsSummaryText(capacity: number | null, stats: EventStats | null): string {
  const going = stats?.going_count ?? 0;
  const parts: string[] = [];
  const left = stats?.spots_left ?? capacity;
  if (capacity !== null && left !== null) {
    parts.push(left === 0 ? "No spots left" : `${left} of ${capacity} ${left === 1 ? "spot" : "spots"} left`);
  }
  parts.push(`${going} going`);
  if (stats && stats.waitlist_count > 0) parts.push(`${stats.waitlist_count} on the waitlist`);
  return parts.join(" · ");
}

export function SpotsSummary({ capacity, stats }: { capacity: number | null; stats: EventStats | null }) {
  return (
    <p aria-live="polite" data-testid="spots-summary" className="text-sm font-medium">
      {spotsSummaryText(capacity, stats)}
    </p>
  );
}
