import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useSession } from "@/lib/auth/session-context";
import { editorKeys } from "../api/editor-keys";
import type { EditorLoad } from "../api/get-editable-event";
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
  /** Publishing a draft date; when not given, read from the editor's load of the event. */
  publishing?: boolean;
};

/**
 * Whether the event being edited is a draft: the dialog opens on a draft only to publish it (a
 * draft's own "Save draft" never asks). Read from the editor's cached load of the page's event.
 */
function useEditingDraft(): boolean {
  const { slug = "" } = useParams();
  const { user } = useSession();
  const load = useQueryClient().getQueryData<EditorLoad>(editorKeys.event(slug, user?.id));
  return load?.kind === "editable" && load.event.status === "draft";
}

/**
 * Saving a date of a series asks, as calendars do: this event, or this and the following ones.
 * Publishing a draft date asks the same, worded for publishing and defaulting to the whole
 * series: "this and following" publishes every draft date of the series (decision 0304).
 */
export function SeriesScopeDialog({ open, onOpenChange, onConfirm, busy, ruleChanged, dayMoved, publishing: given }: Props) {
  const { t } = useLingui();
  const editingDraft = useEditingDraft();
  const publishing = given ?? editingDraft;
  const [scope, setScope] = useState<SeriesScope>("this");
  useEffect(() => {
    if (open) setScope(ruleChanged || publishing ? "following" : "this");
  }, [open, ruleChanged, publishing]);
  const options: { value: SeriesScope; label: string; hint: string; disabled?: boolean }[] = publishing ? [
    { value: "following", label: t`The whole series`,
      hint: t`Every date of the series is published and takes RSVPs. Your changes apply to this date and the later ones.` },
    { value: "this", label: t`Only this date`, disabled: ruleChanged,
      hint: ruleChanged ? t`A new repeat rule changes this date and the following ones.` : t`The other dates stay drafts that only the hosts can see.` },
  ] : [
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
      title={publishing ? t`Publish a repeating event` : t`Save changes to a repeating event`}
      description={publishing
        ? t`Published dates show on Discover and on the group's page, and people can RSVP to them.`
        : t`People going to a changed date are told when its time or place changes.`}
      confirmLabel={publishing ? t`Publish` : t`Save`}
      cancelLabel={t`Keep editing`}
      busy={busy}
      onConfirm={() => onConfirm(scope)}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{publishing ? <Trans>Which dates to publish</Trans> : <Trans>Which dates to change</Trans>}</legend>
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
