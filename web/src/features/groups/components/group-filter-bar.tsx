import { Trans, useLingui } from "@lingui/react/macro";
import { LocateFixed, Search, X } from "lucide-react";
import { useCallback, useId, type FormEvent } from "react";
import { PlaceSearch } from "@/components/places/place-search";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { CATEGORIES, categoryLabel, type EventCategory } from "@/lib/categories";
import { formatRadius } from "@/lib/i18n/format";
import { useMyLocation, type MyLocation } from "@/lib/use-my-location";
import { GROUP_RADIUS_OPTIONS, type GroupFilters } from "../group-filters";

// Four decimals (about 10 m) keep shared links short without moving a city.
const round = (n: number) => Math.round(n * 1e4) / 1e4;

type GroupFilterBarProps = { filters: GroupFilters; onChange: (filters: GroupFilters) => void; signedIn: boolean };

/** Search, category, near a place or me, and "only my groups". The text applies on submit, the rest at once. */
export function GroupFilterBar({ filters, onChange, signedIn }: GroupFilterBarProps) {
  const { t } = useLingui();
  const id = useId();
  const onFound = useCallback((at: MyLocation) => onChange({ ...filters, near: { ...at, label: "" } }), [filters, onChange]);
  const me = useMyLocation(onFound);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = new FormData(e.currentTarget).get("q");
    onChange({ ...filters, q: typeof q === "string" ? q : "" });
  };
  const placeName = filters.near ? filters.near.label || t`your location` : null;
  const radius = formatRadius(filters.radiusKm);

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
      <form role="search" aria-label={t`Groups`} onSubmit={submit} className="flex gap-2">
        <Label htmlFor={`${id}-q`} className="sr-only">
          <Trans>Search groups</Trans>
        </Label>
        {/* key: a new URL (back button, shared link) resets what the box shows. */}
        <Input key={filters.q} id={`${id}-q`} name="q" type="search" defaultValue={filters.q} placeholder={t`Search groups, topics…`} maxLength={200} />
        <Button type="submit">
          <Search aria-hidden="true" />
          <Trans comment="A button that runs the search">Search</Trans>
        </Button>
      </form>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:items-end">
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
          <Label htmlFor={`${id}-radius`}>
            <Trans>Distance</Trans>
          </Label>
          <Select
            id={`${id}-radius`}
            value={filters.radiusKm}
            disabled={!filters.near}
            aria-describedby={filters.near ? undefined : `${id}-radius-hint`}
            onChange={(e) => onChange({ ...filters, radiusKm: Number(e.target.value) })}
          >
            {GROUP_RADIUS_OPTIONS.map((km) => {
              const within = formatRadius(km);
              return (
                <option key={km} value={km}>
                  {t`Within ${within}`}
                </option>
              );
            })}
          </Select>
          {!filters.near && (
            <p id={`${id}-radius-hint`} className="text-xs text-muted-foreground">
              <Trans>Pick a place first.</Trans>
            </p>
          )}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <PlaceSearch
          onPick={(place) => {
            me.clearError();
            onChange({ ...filters, near: { lat: round(place.lat), lng: round(place.lng), label: place.label } });
          }}
        />
        <Button type="button" variant="outline" className="sm:mt-6" onClick={me.locate} disabled={me.locating}>
          <LocateFixed aria-hidden="true" />
          {me.locating ? <Trans>Finding you…</Trans> : <Trans>Use my location</Trans>}
        </Button>
      </div>
      {me.error && <Alert tone="error">{me.error}</Alert>}
      {filters.near && placeName && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            <Trans>
              Showing groups within {radius} of <strong className="font-semibold">{placeName}</strong>.
            </Trans>
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ ...filters, near: null })}>
            <X aria-hidden="true" />
            <Trans>Remove place</Trans>
          </Button>
        </p>
      )}
      {signedIn && (
        <CheckboxField label={t`Only groups I'm in`} checked={filters.mine} onChange={(e) => onChange({ ...filters, mine: e.target.checked })} />
      )}
    </div>
  );
}
