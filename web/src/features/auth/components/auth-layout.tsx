import type { ReactNode } from "react";
import { usePageTitle } from "@/lib/use-page-title";

/** A narrow, centred column with the page's h1, shared by every auth screen. */
export function AuthLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {intro && <p className="text-muted-foreground">{intro}</p>}
      </div>
      {children}
    </div>
  );
}
