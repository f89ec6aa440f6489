import { useId, useState } from "react";
import { Textarea } from "@/components/ui/textarea";
import { ConfirmDialog } from "./confirm-dialog";

type CancelEventDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
  busy: boolean;
};

/** Cancelling is final: ask, and take a reason that attendees see in the email and on the page. */
export function CancelEventDialog({ open, onOpenChange, onConfirm, busy }: CancelEventDialogProps) {
  const id = useId();
  const [reason, setReason] = useState("");
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this event?"
      description="Everyone who RSVPed is told by email and in the app. The event stays visible with a cancelled banner, and this can't be undone."
      confirmLabel="Cancel event"
      cancelLabel="Keep the event"
      busy={busy}
      onConfirm={() => onConfirm(reason)}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          Reason (shown to attendees)
        </label>
        <Textarea id={id} rows={3} className="min-h-20" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
    </ConfirmDialog>
  );
}
