import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A multi-line input styled like components/ui/input. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-600 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
