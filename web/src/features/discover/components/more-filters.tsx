import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useSession } from "@/lib/auth/session-context";
import { CATEGORIES, categoryLabel, type EventCategory } from "@/lib/categories";
import { WHEN_OPTIONS, type DiscoverFilters, type WhenChoice } from "../discover-filters";
import { DateRangeFields } from "./date-range-fields";
import { DistanceFilter } from "./distance-filter";

type MoreFiltersProps = {
  filters: DiscoverFilters;
  onChange: (filters: DiscoverFilters) => void;
  /** One column (the phone's sheet) instead of three from 640 px. */
  stacked?: boolean;
};

/** Category, when, online only, dates and distance: they apply as soon as they change. */
export function MoreFilters({ filters, onChange, stacked = false }: MoreFiltersProps) {
  const { t } = useLingui();
  const id = useId();
  const { user } = useSession();
  const signedIn = Boolean(user);
  return (
    <div className="flex flex-col gap-4">
      <div className={stacked ? "grid grid-cols-1 gap-4" : "grid grid-cols-1 gap-4 sm:grid-cols-3 sm:items-end lg:grid-cols-4"}>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-category`}>
            <Trans>Category</Trans>
          </Label>
          <Select
            id={`${id}-category`}
            value={filters.category ?? ""}
            onChange={(e) => onChange({ ...filters, category: (e.target.value || null) as EventCategory | null })}
          >
            <option value="">{t`All categories`}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-when`}>
            <Trans>When</Trans>
          </Label>
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
                {t(o.label)}
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
          <Trans>Online events only</Trans>
        </label>
        {signedIn && (
          <label className="flex h-10 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={filters.myGroups}
              onChange={(e) => onChange({ ...filters, myGroups: e.target.checked })}
            />
            <Trans>Only my groups' events</Trans>
          </label>
        )}
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
