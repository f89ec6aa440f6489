import { Trans } from "@lingui/react/macro";
import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import { cn } from "@/lib/utils";
import type { CheckInOutcome } from "../check-in-outcome";

const tones = {
  success: { box: "border-emerald-300 bg-emerald-50 text-emerald-900", Icon: CircleCheck },
  warning: { box: "border-amber-300 bg-amber-50 text-amber-900", Icon: CircleAlert },
  error: { box: "border-red-300 bg-red-50 text-red-900", Icon: CircleX },
};

/** The last attempt's result, large enough to read at arm's length at a busy door. */
export function CheckInResult({ outcome, busy }: { outcome: CheckInOutcome | null; busy: boolean }) {
  return (
    // Always in the DOM, so screen readers announce each new result.
    <div aria-live="assertive" aria-atomic="true" data-testid="check-in-result">
      {busy ? (
        <p className="rounded-xl border border-border bg-muted px-4 py-6 text-center text-lg font-medium">
          <Trans>Checking…</Trans>
        </p>
      ) : outcome ? (
        <Result outcome={outcome} />
      ) : null}
    </div>
  );
}

function Result({ outcome }: { outcome: CheckInOutcome }) {
  const { box, Icon } = tones[outcome.tone];
  return (
    <div className={cn("flex items-start gap-4 rounded-xl border-2 px-4 py-5", box)}>
      <Icon aria-hidden="true" className="size-10 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-2xl font-bold leading-tight">{outcome.headline}</p>
        {outcome.name && <p className="break-words text-xl font-semibold">{outcome.name}</p>}
        {outcome.detail && <p className="text-base">{outcome.detail}</p>}
      </div>
    </div>
  );
}
