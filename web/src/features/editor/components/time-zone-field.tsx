import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { isKnownTimeZone, timeZoneNames, zoneLabel } from "@/lib/datetime";
import type { EventFormValues } from "../event-form-schema";

/**
 * The venue's IANA zone: a text box that suggests every zone as you type (a native datalist, so
 * it is searchable, keyboard-friendly and needs no code), with the zone's current UTC offset.
 */
export function TimeZoneField({ startsAt }: { startsAt: string | null }) {
  const { t } = useLingui();
  const id = useId();
  const zones = useMemo(() => timeZoneNames(), []);
  const { register, control, formState: { errors } } = useFormContext<EventFormValues>();
  const zone = (useWatch({ control, name: "timezone" }) ?? "").trim();
  const error = errors.timezone?.message;
  const offset = isKnownTimeZone(zone) ? zoneLabel(startsAt ?? new Date().toISOString(), zone) : null;
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
        {...register("timezone")}
      />
      <datalist id={`${id}-zones`}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {offset ? t`The times above are in ${zone} (${offset} then).` : t`The zone of the venue, e.g. Europe/Lisbon.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
