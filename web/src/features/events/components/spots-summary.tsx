import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { formatNumber } from "@/lib/i18n/format";
import type { EventStats } from "../api/get-event";

/** "26 of 30 spots left · 4 going · 2 on the waitlist" — read out when it changes live. */
export function spotsSummaryText(capacity: number | null, stats: EventStats | null): string {
  const going = stats?.going_count ?? 0;
  const parts: string[] = [];
  const left = stats?.spots_left ?? capacity;
  if (capacity !== null && left !== null) {
    const of = formatNumber(capacity);
    parts.push(plural(left, { 0: "No spots left", one: `# of ${of} spot left`, other: `# of ${of} spots left` }));
  }
  parts.push(plural(going, { one: "# going", other: "# going" }));
  const waiting = stats?.waitlist_count ?? 0;
  if (waiting > 0) parts.push(plural(waiting, { one: "# on the waitlist", other: "# on the waitlist" }));
  return parts.join(" · ");
}

export function SpotsSummary({ capacity, stats }: { capacity: number | null; stats: EventStats | null }) {
  useLingui(); // re-render in a new language
  return (
    <p aria-live="polite" data-testid="spots-summary" className="text-sm font-medium">
      {spotsSummaryText(capacity, stats)}
    </p>
  );
}
