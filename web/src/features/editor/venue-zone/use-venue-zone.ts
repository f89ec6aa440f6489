import { useEffect, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import type { EventFormValues } from "../event-form-schema";
import { pointOf, zoneAtPoint } from "./zone-at-point";

/**
 * The zone of the venue's point, and the rule that the event's zone follows it: whenever the
 * point is known and the host has not chosen a zone themselves (`timezoneChosen`: typed one in
 * this editor, or the event was saved before), the zone becomes the venue's. The wall-clock times
 * stay as typed, so 19:00 stays 19:00 in the new zone (decision 0300).
 */
export function useVenueZone(): string | null {
  const { control, getValues, setValue, formState: { isSubmitted } } = useFormContext<EventFormValues>();
  const [lat, lng] = useWatch({ control, name: ["lat", "lng"] });
  const [venueZone, setVenueZone] = useState<string | null>(null);
  useEffect(() => {
    const point = pointOf(lat, lng);
    if (!point) {
      setVenueZone(null);
      return;
    }
    let current = true;
    zoneAtPoint(point.lat, point.lng).then(
      (zone) => {
        if (!current) return;
        setVenueZone(zone);
        if (zone && !getValues("timezoneChosen") && getValues("timezone").trim() !== zone) {
          setValue("timezone", zone, { shouldDirty: true, shouldValidate: isSubmitted });
        }
      },
      () => current && setVenueZone(null), // the chunk could not load (offline): the zone stays as it is
    );
    return () => {
      current = false;
    };
  }, [lat, lng, getValues, setValue, isSubmitted]);
  return venueZone;
}
