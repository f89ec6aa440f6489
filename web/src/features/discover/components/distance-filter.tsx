import { LocateFixed, X } from "lucide-react";
import { useCallback, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { RADIUS_OPTIONS, type NearPlace } from "../discover-filters";
import { useMyLocation, type MyLocation } from "../hooks/use-my-location";
import { PlaceSearch } from "./place-search";

type DistanceFilterProps = {
  near: NearPlace | null;
  radiusKm: number;
  onChange: (near: NearPlace | null, radiusKm: number) => void;
};

/** "Within N km of" a searched place or of the viewer's location. */
export function DistanceFilter({ near, radiusKm, onChange }: DistanceFilterProps) {
  const id = useId();
  const onFound = useCallback((at: MyLocation) => onChange({ ...at, label: "" }, radiusKm), [onChange, radiusKm]);
  const me = useMyLocation(onFound);
  const placeName = near ? near.label || "your location" : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <PlaceSearch onPick={(place) => { me.clearError(); onChange(place, radiusKm); }} />
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-radius`}>Distance</Label>
          <Select
            id={`${id}-radius`}
            value={radiusKm}
            disabled={!near}
            aria-describedby={near ? undefined : `${id}-radius-hint`}
            onChange={(e) => onChange(near, Number(e.target.value))}
          >
            {RADIUS_OPTIONS.map((km) => (
              <option key={km} value={km}>
                Within {km} km
              </option>
            ))}
          </Select>
          {!near && (
            <p id={`${id}-radius-hint`} className="text-xs text-muted-foreground">
              Pick a place first.
            </p>
          )}
        </div>
        <Button type="button" variant="outline" className="sm:mt-6" onClick={me.locate} disabled={me.locating}>
          <LocateFixed aria-hidden="true" />
          {me.locating ? "Finding you…" : "Use my location"}
        </Button>
      </div>
      {me.error && <Alert tone="error">{me.error}</Alert>}
      {near && placeName && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            Showing events within {radiusKm} km of <strong className="font-semibold">{placeName}</strong>.
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null, radiusKm)}>
            <X aria-hidden="true" />
            Remove place
          </Button>
        </p>
      )}
    </div>
  );
}
