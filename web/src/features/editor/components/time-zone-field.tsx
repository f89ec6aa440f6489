import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { isKnownTimeZone, timeZoneNames, zoneLabel } from "@/lib/datetime";
import type { EventFormValues } from "../event-form-schema";
import { useVenueZone } from "../venue-zone/use-venue-zone";

/**
 * The venue's IANA zone: it follows the venue's point until the host types one (decision 0300),
 * in a text box that suggests every zone as you type (a native datalist: searchable,
 * keyboard-friendly, no code), with the zone's UTC offset at the event's start.
 */
export function TimeZoneField({ startsAt }: { startsAt: string | null }) {
  const { t } = useLingui();
  const id = useId();
  const zones = useMemo(() => timeZoneNames(), []);
  const { register, control, setValue, formState: { errors, isSubmitted } } = useFormContext<EventFormValues>();
  const venueZone = useVenueZone();
  const zone = (useWatch({ control, name: "timezone" }) ?? "").trim();
  const error = errors.timezone?.message;
  const offset = isKnownTimeZone(zone) ? zoneLabel(startsAt ?? new Date().toISOString(), zone) : null;
  const fromVenue = venueZone !== null && zone === venueZone;
  const field = register("timezone", {
    // Typed or chosen from the list by the host: a venue moved later no longer changes it.
    onChange: () => setValue("timezoneChosen", true),
  });

  function followVenue() {
    if (!venueZone) return;
    setValue("timezone", venueZone, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue("timezoneChosen", false);
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        <Trans>Time zone</Trans>
      </label>
      <Input
        id={id}
        list={`${id}-zones`}
        autoComplete="off"
        spellCheck={false}
        placeholder={t`Start typing a city, e.g. Lisbon`}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        {...field}
      />
      <datalist id={`${id}-zones`}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {!offset
          ? t`The zone of the venue, e.g. Europe/Lisbon.`
          : fromVenue
            ? t`The venue's zone: the times above are in ${zone} (${offset} then). Type another zone to change it.`
            : t`The times above are in ${zone} (${offset} then).`}
      </p>
      {venueZone && !fromVenue && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            <Trans>The venue is in {venueZone}.</Trans>
          </span>
          <Button type="button" variant="outline" size="sm" onClick={followVenue}>
            <Trans>Use {venueZone}</Trans>
          </Button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
