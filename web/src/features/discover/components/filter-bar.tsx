import { Search } from "lucide-react";
import { useId, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import {
  CATEGORIES, categoryLabel, WHEN_OPTIONS, type DiscoverFilters, type EventCategory, type WhenChoice,
} from "../discover-filters";
import { DateRangeFields } from "./date-range-fields";
import { DistanceFilter } from "./distance-filter";

type FilterBarProps = {
  filters: DiscoverFilters;
  onChange: (filters: DiscoverFilters) => void;
};

/** Search box and filters. The text is applied on submit; the other filters apply at once. */
export function FilterBar({ filters, onChange }: FilterBarProps) {
  const id = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = new FormData(e.currentTarget).get("q");
    onChange({ ...filters, q: typeof q === "string" ? q : "" });
  };

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
      <form role="search" aria-label="Events" onSubmit={submit} className="flex gap-2">
        <Label htmlFor={`${id}-q`} className="sr-only">
          Search events
        </Label>
        {/* key: a new URL (back button, shared link) resets what the box shows. */}
        <Input
          key={filters.q}
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder="Search events, venues, topics…"
          maxLength={200}
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 sm:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Select
            id={`${id}-category`}
            value={filters.category ?? ""}
            onChange={(e) => onChange({ ...filters, category: (e.target.value || null) as EventCategory | null })}
          >
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-when`}>When</Label>
          <Select
            id={`${id}-when`}
            value={filters.when}
            onChange={(e) => {
              const when = e.target.value as WhenChoice;
              onChange({ ...filters, when, ...(when === "dates" ? {} : { from: null, to: null }) });
            }}
          >
            {WHEN_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
        <label className="flex h-10 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={filters.online}
            onChange={(e) => onChange({ ...filters, online: e.target.checked })}
          />
          Online events only
        </label>
      </div>
      {filters.when === "dates" && (
        <DateRangeFields from={filters.from} to={filters.to} onChange={(from, to) => onChange({ ...filters, from, to })} />
      )}
      <DistanceFilter
        near={filters.near}
        radiusKm={filters.radiusKm}
        onChange={(near, radiusKm) => onChange({ ...filters, near, radiusKm })}
      />
    </div>
  );
}
