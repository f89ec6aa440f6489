import { useLingui } from "@lingui/react/macro";
import { useFormContext, useWatch } from "react-hook-form";
import { LazyLocationPicker, type LatLng } from "@/components/map/lazy-map";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { Place } from "@/components/places/search-places";
import type { EventFormValues } from "../event-form-schema";
import { EditorSection } from "./editor-section";
import { PlaceSearch } from "@/components/places/place-search";
import { pointOf } from "../venue-zone/zone-at-point";

/** A venue (search, then fine-tune on the map or in the coordinate boxes), an online link, or both. */
export function PlaceFields() {
  const { t } = useLingui();
  const { register, control, setValue, getValues, formState: { errors, isSubmitted } } = useFormContext<EventFormValues>();
  const [lat, lng] = useWatch({ control, name: ["lat", "lng"] });
  const set = (name: "lat" | "lng" | "venueName" | "address", value: string) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });

  function pick(place: Place) {
    // A city from the gazetteer is where the venue is; the host names the venue itself. An
    // address from a geocoder that knows them (Nominatim) names the venue as OpenStreetMap does.
    if (!getValues("venueName").trim()) set("venueName", place.name);
    set("address", place.label);
    set("lat", String(place.lat));
    set("lng", String(place.lng));
    // The geocoder's zone at once; useVenueZone then agrees from the same lookup (decision 0300).
    if (place.timezone && !getValues("timezoneChosen")) setValue("timezone", place.timezone, { shouldDirty: true, shouldValidate: isSubmitted });
  }

  function move(point: LatLng | null) {
    set("lat", point ? String(point.lat) : "");
    set("lng", point ? String(point.lng) : "");
  }

  const coordinateError = errors.lat?.message ?? errors.lng?.message;
  return (
    <EditorSection title={t`Place`} intro={t`Add a place on the map or an online link, or both.`}>
      <PlaceSearch
        onPick={pick}
        citiesOnlyHint={t`This server's place search knows cities, not street addresses: choose the city, then put the pin on the venue.`}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={t`Venue name`} error={errors.venueName?.message}>
          <Input autoComplete="off" placeholder={t`e.g. LX Factory`} {...register("venueName")} />
        </FormField>
        <FormField label={t`Address`} error={errors.address?.message}>
          <Input autoComplete="off" {...register("address")} />
        </FormField>
      </div>
      <div className="flex flex-col gap-2">
        <LazyLocationPicker value={pointOf(lat, lng)} onChange={move} label={t`Map of the venue: click to place the pin`} />
        {coordinateError && <p className="text-sm font-medium text-red-700">{coordinateError}</p>}
      </div>
      <FormField
        label={t`Online link`}
        error={errors.onlineUrl?.message}
        hint={t`For online or hybrid events. Only people who are going (and the hosts) see it.`}
      >
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" {...register("onlineUrl")} />
      </FormField>
    </EditorSection>
  );
}
