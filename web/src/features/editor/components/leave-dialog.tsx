import { useLingui } from "@lingui/react/macro";
import type { Blocker } from "react-router";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Answers the unsaved-changes guard for in-app navigation. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title={t`Leave without saving?`}
      description={t`Your changes are not saved. They stay on this device, and come back when you open the editor again.`}
      confirmLabel={t`Leave`}
      cancelLabel={t`Keep editing`}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
