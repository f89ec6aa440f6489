import { useLingui } from "@lingui/react/macro";
import { CalendarDays, List, Map as MapIcon } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { useDrawnAfterFirstScreen } from "@/components/first-screen-later";
import { cn } from "@/lib/utils";
import { VIEWS, viewToParams, type DiscoverView } from "../discover-view";

const ICONS = { list: List, map: MapIcon, calendar: CalendarDays } as const;

/** List / Map / Calendar, as links: each view has its own URL, with the same filters. */
export function ViewSwitcher({ view }: { view: DiscoverView }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  // Over a first screen the HTML's links stay for the first render (decision 0248).
  const later = useDrawnAfterFirstScreen("view-switcher");
  return (
    <nav ref={later.ref} aria-label={t`Views`} className="inline-flex w-full rounded-lg border border-border bg-muted p-1 sm:w-auto">
      {later.drawn && VIEWS.map(({ value, label }) => {
        const Icon = ICONS[value];
        const current = value === view;
        const search = viewToParams(value, params).toString();
        return (
          <Link
            key={value}
            to={{ search: search ? `?${search}` : "" }}
            preventScrollReset
            aria-current={current ? "page" : undefined}
            className={cn(
              "inline-flex flex-1 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors sm:flex-none",
              current ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {t(label)}
          </Link>
        );
      })}
    </nav>
  );
}
