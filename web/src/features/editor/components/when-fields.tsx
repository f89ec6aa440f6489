import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { formatEventRange, viewerTimeZone } from "@/lib/datetime";
import { eventInstants, type EventFormValues } from "../event-form-schema";
import { EditorSection } from "./editor-section";
import { TimeZoneField } from "./time-zone-field";

/** Start, end and zone; the times are wall-clock times at the venue. */
export function WhenFields() {
  const { t } = useLingui();
  const { register, control, getValues, setValue, formState: { errors } } = useFormContext<EventFormValues>();
  // A same-day event stays same-day when its day moves (the end day follows the start day).
  const lastStart = useRef(getValues("startDate"));
  const startDateField = register("startDate", {
    onChange: (e: { target: { value: string } }) => {
      const previous = lastStart.current;
      lastStart.current = e.target.value;
      if (e.target.value && getValues("endDate") === previous) setValue("endDate", e.target.value, { shouldDirty: true });
    },
  });
  const [startDate, startTime, endDate, endTime, timezone] = useWatch({
    control,
    name: ["startDate", "startTime", "endDate", "endTime", "timezone"],
  });
  const instants = eventInstants({ startDate, startTime, endDate, endTime, timezone });
  const viewer = viewerTimeZone();
  const elsewhere = instants && timezone.trim() !== viewer;
  const forYou = instants ? formatEventRange(instants.startsAt, instants.endsAt, viewer) : "";
  return (
    <EditorSection title={t`Date and time`} intro={t`Times are at the venue, in its time zone.`}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={t`Starts on`} error={errors.startDate?.message}>
          <Input type="date" {...startDateField} />
        </FormField>
        <FormField label={t`Start time`} error={errors.startTime?.message}>
          <Input type="time" {...register("startTime")} />
        </FormField>
        <FormField label={t`Ends on`} error={errors.endDate?.message}>
          <Input type="date" {...register("endDate")} />
        </FormField>
        <FormField label={t`End time`} error={errors.endTime?.message}>
          <Input type="time" {...register("endTime")} />
        </FormField>
      </div>
      <TimeZoneField startsAt={instants?.startsAt ?? null} />
      {elsewhere && (
        <p className="text-sm text-muted-foreground">
          <Trans>
            For you ({viewer}): {forYou}
          </Trans>
        </p>
      )}
    </EditorSection>
  );
}
