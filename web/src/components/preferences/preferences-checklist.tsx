import { Trans, useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";

export type PreferenceOption<K extends string> = { key: K; label: string; hint: string };

type Props<T extends { [K in keyof T]: boolean }> = {
  /** The member's saved choices. */
  saved: UseQueryResult<T>;
  options: PreferenceOption<Extract<keyof T, string>>[];
  legend: ReactNode;
  /** The legend for screen readers only, when the section's heading already says it. */
  legendHidden?: boolean;
  /** A line under the boxes: what the choices do not cover. */
  note?: ReactNode;
  submitLabel: ReactNode;
  submitVariant?: "default" | "outline";
  saving: boolean;
  onSave: (choices: T) => void;
};

/**
 * A form of on/off notification choices (Settings › Notifications' email and push): loads, shows
 * a box per option, and saves the whole set when one changed. Loading and load errors are shown
 * in place; saving, its toast and its errors are the caller's.
 */
export function PreferencesChecklist<T extends { [K in keyof T]: boolean }>(props: Props<T>) {
  const { saved, options, legend, legendHidden, note, submitLabel, submitVariant, saving, onSave } = props;
  const { t } = useLingui();
  const [draft, setDraft] = useState<T | null>(null);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);

  if (saved.isError) {
    return (
      <Alert tone="error">
        {t`We couldn't load your preferences.`} {errorMessage(saved.error)}
      </Alert>
    );
  }
  if (!draft) {
    return (
      <div role="status" aria-label={t`Loading preferences…`} className="flex flex-col gap-3">
        {options.map(({ key }) => (
          <Skeleton key={key} className="h-5 w-60" />
        ))}
      </div>
    );
  }
  const changed = options.some(({ key }) => draft[key] !== saved.data?.[key]);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <fieldset className="flex flex-col gap-4">
        <legend className={legendHidden ? "sr-only" : "mb-1 text-sm font-semibold"}>{legend}</legend>
        {options.map(({ key, label, hint }) => (
          <CheckboxField
            key={key}
            label={label}
            hint={hint}
            checked={draft[key]}
            onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
          />
        ))}
      </fieldset>
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      <div>
        <Button type="submit" variant={submitVariant} disabled={saving || !changed}>
          {saving ? <Trans>Saving…</Trans> : submitLabel}
        </Button>
      </div>
    </form>
  );
}
