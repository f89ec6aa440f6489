import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { ConsentChoices } from "@/lib/consent";

type ConsentChoicesFieldsProps = {
  value: ConsentChoices;
  onChange: (next: ConsentChoices) => void;
  /** Offer the analytics switch only where a GTM container is configured. */
  showAnalytics: boolean;
};

/** The optional cookie categories as two checkboxes (banner and /settings share it). */
export function ConsentChoicesFields({ value, onChange, showAnalytics }: ConsentChoicesFieldsProps) {
  const { t } = useLingui();
  const id = useId();
  const rows = [
    ...(showAnalytics
      ? [{ key: "analytics" as const, label: t`Analytics`, hint: t`Google Tag Manager counts visits and clicks so we can see what helps. No ads, ever.` }]
      : []),
    { key: "media" as const, label: t`Videos from YouTube and Vimeo`, hint: t`Play event videos right on the page. These players may set their own cookies.` },
  ];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">
        {t`Optional cookies`}
      </legend>
      {rows.map(({ key, label, hint }) => (
        <div key={key} className="flex items-start gap-3">
          <input
            id={`${id}-${key}`}
            type="checkbox"
            checked={value[key]}
            aria-describedby={`${id}-${key}-hint`}
            onChange={(e) => onChange({ ...value, [key]: e.target.checked })}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-${key}`} className="text-sm font-medium leading-none">
              {label}
            </label>
            <p id={`${id}-${key}-hint`} className="text-sm text-muted-foreground">
              {hint}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
