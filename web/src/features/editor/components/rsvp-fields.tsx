import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useFormContext } from "react-hook-form";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { EventGroupOption } from "../api/my-event-groups";
import type { EventFormValues } from "../event-form-schema";
import { EditorSection } from "./editor-section";
import { GroupField } from "./group-field";

const VISIBILITY = [
  { value: "public", label: msg({ message: "Public", comment: "An event's visibility" }), hint: msg`Listed on Discover and in search.` },
  { value: "unlisted", label: msg({ message: "Unlisted", comment: "An event's visibility" }), hint: msg`Anyone with the link can see it; not listed.` },
  { value: "private", label: msg({ message: "Private", comment: "An event's visibility" }), hint: msg`Only hosts and the people invited or going.` },
  { value: "members", label: msg({ message: "Members only", comment: "An event's visibility" }), hint: msg`Only the group's members can see it and RSVP. Choose a group first.` },
] as const;

export function RsvpFields({ currentGroup }: { currentGroup: EventGroupOption | null }) {
  const { t } = useLingui();
  const { register, watch, formState: { errors } } = useFormContext<EventFormValues>();
  const [groupId, visibility] = watch(["groupId", "visibility"]);
  const visibilityError = errors.visibility?.message;
  return (
    <EditorSection title={t`RSVPs and visibility`}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={t`Capacity`} error={errors.capacity?.message} hint={t`Leave empty for no limit (at most 100,000).`}>
          <Input type="number" inputMode="numeric" min={1} max={100000} step={1} {...register("capacity")} />
        </FormField>
        <FormField label={t`Guests per RSVP`} error={errors.plusOnesMax?.message} hint={t`How many +1s each person may bring (0 to 10).`}>
          <Input type="number" inputMode="numeric" min={0} max={10} step={1} {...register("plusOnesMax")} />
        </FormField>
      </div>
      <CheckboxField label={t`Waitlist when full`} hint={t`People join a waitlist and move up as spots free.`} {...register("waitlistEnabled")} />
      <CheckboxField label={t`Approve each RSVP`} hint={t`RSVPs wait for a host to approve them.`} {...register("requiresApproval")} />
      <FormField label={t`RSVPs close`} error={errors.rsvpClosesAt?.message} hint={t`At the venue's time. Leave empty to close when the event starts.`}>
        <Input type="datetime-local" {...register("rsvpClosesAt")} />
      </FormField>
      <GroupField current={currentGroup} />
      <fieldset className="flex flex-col gap-3" aria-describedby={visibilityError ? "visibility-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">
          <Trans>Who can see it</Trans>
        </legend>
        {VISIBILITY.map((v) => (
          <label key={v.value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              value={v.value}
              // Members-only needs a group; kept enabled while selected so the error can be fixed either way.
              disabled={v.value === "members" && groupId === "" && visibility !== "members"}
              className="mt-0.5 size-4 accent-brand-700"
              {...register("visibility")}
            />
            <span>
              <span className="font-medium">{t(v.label)}</span>
              <span className="text-muted-foreground"> — {t(v.hint)}</span>
            </span>
          </label>
        ))}
        {visibilityError && (
          <p id="visibility-error" className="text-sm font-medium text-red-700">
            {visibilityError}
          </p>
        )}
      </fieldset>
    </EditorSection>
  );
}
