import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { useSession } from "@/lib/auth/session-context";
import { myEventGroupsOptions, type EventGroupOption } from "../api/my-event-groups";
import type { EventFormValues } from "../event-form-schema";

/**
 * The group the event belongs to: the groups where I organize, co-organize or organize events,
 * plus the event's current group when it is not one of mine (a co-host editing it may keep it).
 * Hidden when there is nothing to choose.
 */
export function GroupField({ current }: { current: EventGroupOption | null }) {
  const { t } = useLingui();
  const { user } = useSession();
  const { register, formState: { errors } } = useFormContext<EventFormValues>();
  const query = useQuery({ ...myEventGroupsOptions(user?.id ?? ""), enabled: Boolean(user) });
  const groups = eventGroupChoices(query.data ?? [], current);
  if (groups.length === 0) return null;
  return (
    <FormField
      label={t`Group`}
      error={errors.groupId?.message}
      hint={t`A group's members are told when its events are published, and its events are listed on its page.`}
    >
      <Select {...register("groupId")}>
        <option value="">{t`No group`}</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** Mine first by name; the current group is kept even when I may not add events to it. */
export function eventGroupChoices(mine: EventGroupOption[], current: EventGroupOption | null): EventGroupOption[] {
  if (!current || mine.some((g) => g.id === current.id)) return mine;
  return [current, ...mine];
}
