import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

const badgeTones = {
  neutral: "bg-muted text-foreground",
  brand: "bg-secondary text-secondary-foreground",
  success: "bg-emerald-50 text-emerald-900",
  warning: "bg-amber-50 text-amber-950",
  danger: "bg-red-50 text-red-900",
};

const badgeSizes = { sm: "text-xs", md: "text-sm" };

type BadgeProps = {
  tone?: keyof typeof badgeTones;
  /** "sm" in dense lists; "md" next to body text (a page title, a row of details). */
  size?: keyof typeof badgeSizes;
  className?: string;
  children: ReactNode;
};

/** A small pill for a status or a label: "Draft", "Going", "Cancelled", a category. */
export function Badge({ tone = "neutral", size = "sm", className, children }: BadgeProps) {
  return <span className={cn("rounded-full px-2.5 py-0.5 font-medium", badgeSizes[size], badgeTones[tone], className)}>{children}</span>;
}
