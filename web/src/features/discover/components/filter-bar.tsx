import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { useId, type FormEvent } from "react";
import { useDrawnAfterFirstScreen } from "@/components/first-screen-later";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { DiscoverFilters } from "../discover-filters";
import { useMediaQuery } from "@/lib/use-media-query";
import { FiltersSheet } from "./filters-sheet";
import { MoreFilters } from "./more-filters";

const BOX = "flex flex-col gap-3 sm:gap-4 sm:rounded-xl sm:border sm:border-border sm:bg-card sm:p-4";

type FilterBarProps = {
  filters: DiscoverFilters;
  onChange: (filters: DiscoverFilters) => void;
};

/**
 * Search box on top, always; the other filters inline from 640 px, in a sheet on a phone.
 * The text is applied on submit; the other filters apply at once.
 */
export function FilterBar({ filters, onChange }: FilterBarProps) {
  const { t } = useLingui();
  const id = useId();
  // Tailwind's `sm`. Without matchMedia (tests) the wide layout, which shows every field.
  const wide = useMediaQuery("(min-width: 640px)", true);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = new FormData(e.currentTarget).get("q");
    onChange({ ...filters, q: typeof q === "string" ? q : "" });
  };

  // Over a first screen the HTML's form stays for the first render, still inert: what is typed
  // there would be lost when the app draws its own a task later (decision 0248).
  const later = useDrawnAfterFirstScreen("filter-bar");
  if (!later.drawn) {
    return <div ref={later.ref} inert className={BOX} />;
  }
  return (
    <div ref={later.ref} className={BOX}>
      <form role="search" aria-label={t`Events`} onSubmit={submit} className="flex gap-2">
        <Label htmlFor={`${id}-q`} className="sr-only">
          <Trans>Search events</Trans>
        </Label>
        {/* key: a new URL (back button, shared link) resets what the box shows. */}
        <Input
          key={filters.q}
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder={t`Search events, venues, topics…`}
          maxLength={200}
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">
            <Trans comment="A button that runs the search">Search</Trans>
          </span>
        </Button>
      </form>
      {wide ? <MoreFilters filters={filters} onChange={onChange} /> : <FiltersSheet filters={filters} onChange={onChange} />}
    </div>
  );
}
