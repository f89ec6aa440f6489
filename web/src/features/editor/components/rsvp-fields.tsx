import { useFormContext } from "react-hook-form";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { EventFormValues } from "../event-form-schema";
import { EditorSection } from "./editor-section";

const VISIBILITY = [
  { value: "public", label: "Public", hint: "Listed on Discover and in search." },
  { value: "unlisted", label: "Unlisted", hint: "Anyone with the link can see it; not listed." },
  { value: "private", label: "Private", hint: "Only hosts and the people invited or going." },
] as const;

export function RsvpFields() {
  const { register, formState: { errors } } = useFormContext<EventFormValues>();
  return (
    <EditorSection title="RSVPs and visibility">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Capacity" error={errors.capacity?.message} hint="Leave empty for no limit (at most 100,000).">
          <Input type="number" inputMode="numeric" min={1} max={100000} step={1} {...register("capacity")} />
        </FormField>
        <FormField label="Guests per RSVP" error={errors.plusOnesMax?.message} hint="How many +1s each person may bring (0 to 10).">
          <Input type="number" inputMode="numeric" min={0} max={10} step={1} {...register("plusOnesMax")} />
        </FormField>
      </div>
      <CheckboxField label="Waitlist when full" hint="People join a waitlist and move up as spots free." {...register("waitlistEnabled")} />
      <CheckboxField label="Approve each RSVP" hint="RSVPs wait for a host to approve them." {...register("requiresApproval")} />
      <FormField label="RSVPs close" error={errors.rsvpClosesAt?.message} hint="At the venue's time. Leave empty to close when the event starts.">
        <Input type="datetime-local" {...register("rsvpClosesAt")} />
      </FormField>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Who can see it</legend>
        {VISIBILITY.map((v) => (
          <label key={v.value} className="flex items-start gap-2 text-sm">
            <input type="radio" value={v.value} className="mt-0.5 size-4 accent-brand-700" {...register("visibility")} />
            <span>
              <span className="font-medium">{v.label}</span>
              <span className="text-muted-foreground"> — {v.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </EditorSection>
  );
}
