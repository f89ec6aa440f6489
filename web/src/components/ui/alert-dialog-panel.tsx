import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";

type AlertDialogPanelProps = { title: ReactNode; description: ReactNode; children?: ReactNode };

/** The modal box of a Radix AlertDialog (overlay, centred card, title, description), one look app-wide. */
export function AlertDialogPanel({ title, description, children }: AlertDialogPanelProps) {
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <AlertDialog.Content className="fixed start-1/2 top-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-border bg-background p-6 shadow-xl rtl:translate-x-1/2">
        <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
        <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
        {children}
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}
