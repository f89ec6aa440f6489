import { Trans, useLingui } from "@lingui/react/macro";
import { CircleAlert, CircleCheck, CircleX, Undo2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { CheckInOutcome } from "../check-in-outcome";

const tones = {
  success: { box: "border-emerald-300 bg-emerald-50 text-emerald-900", Icon: CircleCheck },
  warning: { box: "border-amber-300 bg-amber-50 text-amber-900", Icon: CircleAlert },
  error: { box: "border-red-300 bg-red-50 text-red-900", Icon: CircleX },
};

type Props = {
  outcome: CheckInOutcome | null;
  busy: boolean;
  /** Takes back a paid ticket's check-in tapped by mistake (RSVPs are undone from the list). */
  onUndoTicket: (ticketId: string, name: string) => void;
};

/** The last attempt's result, large enough to read at arm's length at a busy door. */
export function CheckInResult({ outcome, busy, onUndoTicket }: Props) {
  const { t } = useLingui();
  const ticketId = !busy ? outcome?.ticketId : undefined;
  const name = outcome?.name ?? "";
  return (
    <div className="flex flex-col gap-2">
      {/* Always in the DOM, so screen readers announce each new result. */}
      <div aria-live="assertive" aria-atomic="true" data-testid="check-in-result">
        {busy ? (
          <p className="rounded-xl border border-border bg-muted px-4 py-6 text-center text-lg font-medium">
            <Trans>Checking…</Trans>
          </p>
        ) : outcome ? (
          <Result outcome={outcome} />
        ) : null}
      </div>
      {/* Outside the live region: the result is announced, not the button. */}
      {ticketId && (
        <Button variant="outline" className="self-end" onClick={() => onUndoTicket(ticketId, name)} aria-label={t`Undo check-in for ${name}`}>
          <Undo2 aria-hidden="true" />
          <Trans>Undo</Trans>
        </Button>
      )}
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
