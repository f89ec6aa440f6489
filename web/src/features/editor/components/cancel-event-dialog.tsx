import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Textarea } from "@/components/ui/textarea";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type CancelEventDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string, wholeSeries: boolean) => void;
  busy: boolean;
  /** A date of a series: offer to cancel every later date too. */
  inSeries?: boolean;
};

/** Cancelling is final: ask, and take a reason that attendees see in the email and on the page. */
export function CancelEventDialog({ open, onOpenChange, onConfirm, busy, inSeries = false }: CancelEventDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const [reason, setReason] = useState("");
  const [wholeSeries, setWholeSeries] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Cancel this event?`}
      description={t`Everyone who RSVPed is told by email and in the app. The event stays visible with a cancelled banner, and this can't be undone.`}
      confirmLabel={t`Cancel event`}
      cancelLabel={t`Keep the event`}
      busy={busy}
      onConfirm={() => onConfirm(reason, inSeries && wholeSeries)}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          <Trans>Reason (shown to attendees)</Trans>
        </label>
        <Textarea id={id} rows={3} className="min-h-20" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        {inSeries && (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" checked={wholeSeries} onChange={(e) => setWholeSeries(e.target.checked)} />
            <Trans>Also cancel every later date of this series</Trans>
          </label>
        )}
      </div>
    </ConfirmDialog>
  );
}
