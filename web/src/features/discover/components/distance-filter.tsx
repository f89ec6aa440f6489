import { Trans, useLingui } from "@lingui/react/macro";
import { LocateFixed, X } from "lucide-react";
import { useCallback, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { formatRadius } from "@/lib/i18n/format";
import { RADIUS_OPTIONS, type NearPlace } from "../discover-filters";
import { useMyLocation, type MyLocation } from "@/lib/use-my-location";
import { PlaceSearch } from "./place-search";

type DistanceFilterProps = {
  near: NearPlace | null;
  radiusKm: number;
  onChange: (near: NearPlace | null, radiusKm: number) => void;
};

/** "Within N km of" a searched place or of the viewer's location. */
export function DistanceFilter({ near, radiusKm, onChange }: DistanceFilterProps) {
  const { t } = useLingui();
  const id = useId();
  const onFound = useCallback((at: MyLocation) => onChange({ ...at, label: "" }, radiusKm), [onChange, radiusKm]);
  const me = useMyLocation(onFound);
  const placeName = near ? near.label || t`your location` : null;
  const radius = formatRadius(radiusKm);

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <PlaceSearch onPick={(place) => { me.clearError(); onChange(place, radiusKm); }} />
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-radius`}>
            <Trans>Distance</Trans>
          </Label>
          <Select
            id={`${id}-radius`}
            value={radiusKm}
            disabled={!near}
            aria-describedby={near ? undefined : `${id}-radius-hint`}
            onChange={(e) => onChange(near, Number(e.target.value))}
          >
            {RADIUS_OPTIONS.map((km) => {
              const within = formatRadius(km);
              return (
                <option key={km} value={km}>
                  {t`Within ${within}`}
                </option>
              );
            })}
          </Select>
          {!near && (
            <p id={`${id}-radius-hint`} className="text-xs text-muted-foreground">
              <Trans>Pick a place first.</Trans>
            </p>
          )}
        </div>
        <Button type="button" variant="outline" className="sm:mt-6" onClick={me.locate} disabled={me.locating}>
          <LocateFixed aria-hidden="true" />
          {me.locating ? <Trans>Finding you…</Trans> : <Trans>Use my location</Trans>}
        </Button>
      </div>
      {me.error && <Alert tone="error">{me.error}</Alert>}
      {near && placeName && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            <Trans>
              Showing events within {radius} of <strong className="font-semibold">{placeName}</strong>.
            </Trans>
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null, radiusKm)}>
            <X aria-hidden="true" />
            <Trans>Remove place</Trans>
          </Button>
        </p>
      )}
    </div>
  );
}
