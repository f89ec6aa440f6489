import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { SeriesScope } from "../hooks/use-save-event";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (scope: SeriesScope) => void;
  busy: boolean;
  /** The repeat rule was changed: that is for this and the following dates only (decision 0125). */
  ruleChanged: boolean;
  /** The date moved to another day: the following ones move with it when they change too. */
  dayMoved: boolean;
};

/** Saving a date of a series asks, as calendars do: this event, or this and the following ones. */
export function SeriesScopeDialog({ open, onOpenChange, onConfirm, busy, ruleChanged, dayMoved }: Props) {
  const { t } = useLingui();
  const [scope, setScope] = useState<SeriesScope>("this");
  useEffect(() => {
    if (open && ruleChanged) setScope("following");
  }, [open, ruleChanged]);
  const options: { value: SeriesScope; label: string; hint: string; disabled?: boolean }[] = [
    { value: "this", label: t`This event`, disabled: ruleChanged,
      hint: ruleChanged ? t`A new repeat rule changes this date and the following ones.` : t`Only this date changes.` },
    { value: "following", label: t`This and following events`,
      hint: dayMoved || ruleChanged
        ? t`The following dates move to the new day or pattern. Dates the new pattern no longer has are cancelled, and the people going are told.`
        : t`This date and every later one change; earlier dates stay as they are.` },
  ];
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Save changes to a repeating event`}
      description={t`People going to a changed date are told when its time or place changes.`}
      confirmLabel={t`Save`}
      cancelLabel={t`Keep editing`}
      busy={busy}
      onConfirm={() => onConfirm(scope)}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only"><Trans>Which dates to change</Trans></legend>
        {options.map((o) => (
          <label key={o.value} className="flex items-start gap-2 text-sm">
            <input type="radio" name="series-scope" value={o.value} checked={scope === o.value} disabled={o.disabled}
              onChange={() => setScope(o.value)} className="mt-0.5 size-4 accent-brand-700" />
            <span>
              <span className="font-medium">{o.label}</span>
              <span className="block text-muted-foreground">{o.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
