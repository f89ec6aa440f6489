import { useLingui } from "@lingui/react/macro";
import { MapPin } from "lucide-react";
import { cn } from "@/lib/utils";

/** Holds a map's place (same box) while its code loads. */
export function MapSkeleton({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <div
      role="status"
      className={cn(
        "flex items-center justify-center rounded-xl border border-border bg-muted motion-safe:animate-pulse",
        className,
      )}
    >
      <MapPin aria-hidden="true" className="size-8 text-muted-foreground" />
      <span className="sr-only">{label ?? t`Loading map…`}</span>
    </div>
  );
}

/** LocationPicker's stand-in: the map box and the two coordinate boxes under it. */
export function LocationPickerSkeleton({ className }: { className?: string }) {
  return (
    <div className="flex flex-col gap-3">
      <MapSkeleton className={className} />
      <div aria-hidden="true" className="h-5 w-3/4 rounded-md bg-muted" />
      <div aria-hidden="true" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="h-[4.5rem] rounded-md bg-muted" />
        <div className="h-[4.5rem] rounded-md bg-muted" />
      </div>
    </div>
  );
}
