import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";

export type QuestionScopeValue = "this" | "following";

type Props = {
  value: QuestionScopeValue;
  onChange: (next: QuestionScopeValue) => void;
  disabled: boolean;
  /** The later dates take this date's questions now, without another change. */
  onApplyNow: () => void;
};

/**
 * On a date of a series: whether question changes are for this date only or for this and the
 * following dates (decision 0126). Chosen once for the changes that follow, not asked per change.
 */
export function QuestionScope({ value, onChange, disabled, onApplyNow }: Props) {
  const { t } = useLingui();
  const options: { value: QuestionScopeValue; label: string; hint: string }[] = [
    { value: "this", label: t`This event`, hint: t`Other dates of the series keep their questions.` },
    { value: "following", label: t`This and following events`,
      hint: t`Every later date asks the questions as they are here. Answers already given stay readable.` },
  ];
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-border p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium"><Trans>Question changes apply to</Trans></legend>
      {options.map((o) => (
        <label key={o.value} className="flex items-start gap-2 text-sm">
          <input type="radio" name="question-scope" value={o.value} checked={value === o.value}
            onChange={() => onChange(o.value)} className="mt-0.5 size-4 accent-brand-700" />
          <span>
            <span className="font-medium">{o.label}</span>
            <span className="block text-muted-foreground">{o.hint}</span>
          </span>
        </label>
      ))}
      {value === "following" && (
        <Button type="button" size="sm" variant="outline" className="self-start" onClick={onApplyNow}>
          <Trans>Apply these questions to the following dates now</Trans>
        </Button>
      )}
    </fieldset>
  );
}
