import { useLingui } from "@lingui/react/macro";
import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

type SpinnerProps = {
  className?: string;
  /** What is loading, for screen readers. */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  const { t } = useLingui();
  return (
    <span role="status" className={cn("inline-flex items-center text-muted-foreground", className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin motion-reduce:animate-none" />
      <span className="sr-only">{label ?? t`Loading…`}</span>
    </span>
  );
}

/** Centred spinner that holds a page's place while its code loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-48 items-center justify-center">
      <Spinner />
    </div>
  );
}
