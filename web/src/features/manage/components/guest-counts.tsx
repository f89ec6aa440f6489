import type { GuestCounts } from "../api/guest-list";

type Props = { counts: GuestCounts; capacity: number | null };

/** The headline numbers: who is coming, who is waiting, who is in the room. */
export function GuestCountsSummary({ counts, capacity }: Props) {
  const spotsTaken = counts.going + counts.plusOnes;
  const items: { label: string; value: string; hint?: string }[] = [
    {
      label: "Going",
      value: String(counts.going),
      hint: counts.plusOnes ? `+${counts.plusOnes} ${counts.plusOnes === 1 ? "guest" : "guests"}` : undefined,
    },
    {
      label: "Spots taken",
      value: capacity === null ? String(spotsTaken) : `${spotsTaken} / ${capacity}`,
      hint: capacity === null ? "No limit" : undefined,
    },
    { label: "Checked in", value: String(counts.checkedIn) },
    { label: "Pending", value: String(counts.pending) },
    { label: "Waitlisted", value: String(counts.waitlisted) },
    { label: "Declined", value: String(counts.declined) },
  ];
  return (
    <section aria-labelledby="counts-heading">
      <h2 id="counts-heading" className="sr-only">
        Counts
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse gap-1 rounded-lg border border-border bg-card p-3">
            <dt className="text-sm text-muted-foreground">
              {item.label}
              {item.hint && <span className="block text-xs">{item.hint}</span>}
            </dt>
            <dd className="text-2xl font-semibold tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
