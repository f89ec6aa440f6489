import { Trans, useLingui } from "@lingui/react/macro";
import { Dialog } from "radix-ui";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

type Props = {
  name: string;
  /** True to suspend, false to lift a suspension. */
  suspend: boolean;
  busy: boolean;
  onConfirm: (reason: string | null) => Promise<unknown>;
  trigger: ReactNode;
};

/** Asks before suspending (with the reason, for the audit trail) or restoring a member. */
export function SuspendDialog({ name, suspend, busy, onConfirm, trigger }: Props) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (suspend && !reason.trim()) {
      setError(t`Say why, for the audit trail.`);
      return;
    }
    try {
      await onConfirm(reason.trim() || null);
      setOpen(false);
      setReason("");
      setError(null);
    } catch {
      // The toast says what went wrong; the dialog stays open with the reason typed.
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-border bg-background p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{suspend ? t`Suspend ${name}?` : t`Lift ${name}'s suspension?`}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            {suspend
              ? t`They are signed out everywhere and can't sign in, RSVP, comment or post until you restore them. What they wrote stays.`
              : t`They can sign in and take part again.`}
          </Dialog.Description>
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-reason`}>{suspend ? t`Reason` : t`Note (optional)`}</Label>
              <textarea
                id={`${id}-reason`}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={1000}
                rows={3}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600 sm:text-sm"
              />
              {error && (
                <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  <Trans>Cancel</Trans>
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy} className={suspend ? "bg-red-700 hover:bg-red-800" : undefined}>
                {busy ? t`Please wait…` : suspend ? t`Suspend` : t`Restore`}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
