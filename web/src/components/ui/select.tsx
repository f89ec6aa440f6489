import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A styled native <select>: keyboard, screen-reader and mobile pickers for free. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      data-slot="select"
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm disabled:opacity-50 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
