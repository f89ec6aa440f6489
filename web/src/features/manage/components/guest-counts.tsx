import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { GuestCounts } from "../api/guest-list";

type Props = { counts: GuestCounts; capacity: number | null };

/** The headline numbers: who is coming, who is waiting, who is in the room. */
export function GuestCountsSummary({ counts, capacity }: Props) {
  const { t } = useLingui();
  const spotsTaken = counts.going + counts.plusOnes;
  const items: { label: string; value: string; hint?: string }[] = [
    {
      label: t({ message: "Going", comment: "A count on the host dashboard" }),
      value: String(counts.going),
      hint: counts.plusOnes ? plural(counts.plusOnes, { one: "+# guest", other: "+# guests" }) : undefined,
    },
    {
      label: t`Spots taken`,
      value: capacity === null ? String(spotsTaken) : `${spotsTaken} / ${capacity}`,
      hint: capacity === null ? t`No limit` : undefined,
    },
    { label: t({ message: "Checked in", comment: "A count on the host dashboard" }), value: String(counts.checkedIn) },
    { label: t({ message: "Pending", comment: "A count on the host dashboard" }), value: String(counts.pending) },
    { label: t({ message: "Waitlisted", comment: "A count on the host dashboard" }), value: String(counts.waitlisted) },
    { label: t({ message: "Declined", comment: "A count on the host dashboard" }), value: String(counts.declined) },
  ];
  return (
    <section aria-labelledby="counts-heading">
      <h2 id="counts-heading" className="sr-only">
        <Trans>Counts</Trans>
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
