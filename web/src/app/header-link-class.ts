import { cn } from "@/lib/utils";

/**
 * A header link: a full-width row of the phone menu (44 px, an easy target), an inline link in
 * the header's row from 1024 px (lg), where the menu's list is shown in place.
 */
export function headerLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    "flex h-11 w-full items-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors lg:inline-flex lg:h-9 lg:w-auto",
    isActive
      ? "bg-secondary text-secondary-foreground"
      : "text-muted-foreground hover:bg-accent hover:text-foreground",
  );
}
