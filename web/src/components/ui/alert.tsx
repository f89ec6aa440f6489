import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

type AlertProps = ComponentProps<"div"> & { tone?: "info" | "error" | "success" };

const tones = {
  info: "border-border bg-muted text-foreground",
  error: "border-red-300 bg-red-50 text-red-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
};

/** Inline message for content that must stay on screen (toasts are for passing news). */
export function Alert({ className, tone = "info", ...props }: AlertProps) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-lg border px-4 py-3 text-sm", tones[tone], className)}
      {...props}
    />
  );
}
