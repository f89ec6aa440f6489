import { useLingui } from "@lingui/react/macro";
import { Flag } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { ReportTarget } from "./reports-api";

// The dialog (Radix Dialog, the form) loads the first time someone reports something.
const ReportDialog = lazy(() => import("./report-dialog"));

type ReportButtonProps = {
  target: ReportTarget;
  reporterId: string;
  /** The button's visible text; its accessible name adds what is reported when given. */
  label?: string;
  accessibleLabel?: string;
  className?: string;
};

/** A "Report" button that opens the report dialog. Signed-in members only (the caller checks). */
export function ReportButton({ target, reporterId, label, accessibleLabel, className }: ReportButtonProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="ghost"
        size="sm"
        aria-label={accessibleLabel}
        className={cn("h-8 px-2 text-muted-foreground", className)}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" />
        {label ?? t`Report`}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            onOpenChange={setOpen}
            target={target}
            reporterId={reporterId}
            onClosed={() => buttonRef.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
