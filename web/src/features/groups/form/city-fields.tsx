import { useLingui } from "@lingui/react/macro";
import { useFormContext, useWatch } from "react-hook-form";
import { LazyLocationPicker, type LatLng } from "@/components/map/lazy-map";
import { PlaceSearch } from "@/components/places/place-search";
import type { Place } from "@/components/places/search-places";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { GroupFormValues } from "./group-form-schema";

function pointOf(lat: string, lng: string): LatLng | null {
  if (lat.trim() === "" || lng.trim() === "") return null;
  const point = { lat: Number(lat), lng: Number(lng) };
  return Number.isFinite(point.lat) && Number.isFinite(point.lng) ? point : null;
}

/** The home city: search the gazetteer (the `geocode` function), then fine-tune the pin, as the event editor's place. */
export function CityFields() {
  const { t } = useLingui();
  const { register, control, setValue, formState: { errors, isSubmitted } } = useFormContext<GroupFormValues>();
  const [lat, lng] = useWatch({ control, name: ["lat", "lng"] });
  const set = (name: "lat" | "lng" | "city", value: string) => setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });

  function pick(place: Place) {
    set("city", place.name);
    set("lat", String(place.lat));
    set("lng", String(place.lng));
  }

  function move(point: LatLng | null) {
    set("lat", point ? String(point.lat) : "");
    set("lng", point ? String(point.lng) : "");
  }

  const pointError = errors.lat?.message ?? errors.lng?.message;
  return (
    <div className="flex flex-col gap-4">
      <PlaceSearch onPick={pick} />
      <FormField label={t`City`} error={errors.city?.message} hint={t`Where the group meets, as members would say it.`}>
        <Input autoComplete="address-level2" maxLength={120} {...register("city")} />
      </FormField>
      <div className="flex flex-col gap-2">
        <LazyLocationPicker value={pointOf(lat, lng)} onChange={move} label={t`Map of the group's city: click to place the pin`} />
        {pointError && <p className="text-sm font-medium text-red-700">{pointError}</p>}
      </div>
    </div>
  );
}
