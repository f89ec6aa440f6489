import { Trans, useLingui } from "@lingui/react/macro";
import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { AlertDialogPanel } from "./alert-dialog-panel";
import { Button } from "./button";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** "Cancel" unless the screen says better what not confirming means ("Keep editing"). */
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
  /** Extra content between the text and the buttons (e.g. a reason box). */
  children?: ReactNode;
};

/** A question before an action, with two answers (focus trapped, Escape = cancel), from Radix. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel, onConfirm, busy, children }: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPanel title={title} description={description}>
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialog.Cancel asChild>
            <Button variant="outline">{cancelLabel ?? t`Cancel`}</Button>
          </AlertDialog.Cancel>
          {/* Not AlertDialog.Action: that would close the dialog before the work is done. */}
          <Button onClick={onConfirm} disabled={busy}>
            {busy ? <Trans>Please wait…</Trans> : confirmLabel}
          </Button>
        </div>
      </AlertDialogPanel>
    </AlertDialog.Root>
  );
}
