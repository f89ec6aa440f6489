import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { weekdayName } from "@/lib/datetime";
import { EditorSection } from "../components/editor-section";
import { MAX_DATES, WEEKDAYS, type Ordinal, type RepeatChoice, type RepeatProblem, type Weekday } from "./repeat-rule";

const ORDINALS: { value: Ordinal; label: ReturnType<typeof msg> }[] = [
  { value: 1, label: msg({ message: "first", comment: "The first Thursday of the month" }) },
  { value: 2, label: msg({ message: "second", comment: "The second Thursday of the month" }) },
  { value: 3, label: msg({ message: "third", comment: "The third Thursday of the month" }) },
  { value: 4, label: msg({ message: "fourth", comment: "The fourth Thursday of the month" }) },
  { value: 5, label: msg({ message: "fifth", comment: "The fifth Thursday of the month (skipped in months without one)" }) },
  { value: -1, label: msg({ message: "last", comment: "The last Thursday of the month" }) },
];

/** WEEKDAYS index → Intl weekday number (0 = Sunday). */
const intlDay = (d: Weekday) => (WEEKDAYS.indexOf(d) + 1) % 7;

type Props = {
  value: RepeatChoice;
  onChange: (next: RepeatChoice) => void;
  problem: RepeatProblem | null;
  /** A date of a series: its rule from here on, which always repeats and may end after one date. */
  following?: boolean;
};

/** "Repeat": weekly on chosen days or monthly, every N, ending on a date or after N dates. */
export function RepeatFields({ value, onChange, problem, following = false }: Props) {
  const { t } = useLingui();
  const set = (patch: Partial<RepeatChoice>) => onChange({ ...value, ...patch });
  const problemText = {
    no_weekdays: t`Choose at least one day of the week.`,
    interval: t`Repeat every 1 to 99 weeks or months.`,
    count: following ? t`From this date on, 1 to ${MAX_DATES} dates.` : t`A series can have 2 to ${MAX_DATES} dates.`,
    until: t`End after the first date and within two years.`,
  };
  return (
    <EditorSection title={following ? t`Repeat from this date on` : t`Repeat`}
      intro={following
        ? t`Change the pattern for this date and the following ones; earlier dates stay. Saving asks which dates to change.`
        : t`Each date becomes its own event with its own RSVPs and comments.`}>
      <FormField label={t`Repeats`}>
        <Select value={value.freq} onChange={(e) => set({ freq: e.target.value as RepeatChoice["freq"] })}>
          {!following && <option value="none">{t`Does not repeat`}</option>}
          <option value="weekly">{t`Weekly`}</option>
          <option value="monthly">{t`Monthly`}</option>
        </Select>
      </FormField>
      {value.freq !== "none" && (
        <>
          <FormField label={value.freq === "weekly" ? t`Every how many weeks` : t`Every how many months`}
            error={problem === "interval" ? problemText.interval : undefined}>
            <Input type="number" inputMode="numeric" min={1} max={99} value={value.interval}
              onChange={(e) => set({ interval: Number(e.target.value) })} className="max-w-28" />
          </FormField>
          {value.freq === "weekly" ? (
            <fieldset className="flex flex-col gap-2" aria-describedby={problem === "no_weekdays" ? "repeat-days-error" : undefined}>
              <legend className="mb-1 text-sm font-medium"><Trans>On these days</Trans></legend>
              <div className="flex flex-wrap gap-2">
                {WEEKDAYS.map((d) => (
                  <label key={d} className="flex min-h-10 items-center gap-2 rounded-md border border-input px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                    <input type="checkbox" className="size-4 accent-brand-700" checked={value.weekdays.includes(d)}
                      onChange={(e) => set({ weekdays: e.target.checked ? [...value.weekdays, d] : value.weekdays.filter((x) => x !== d) })} />
                    <span aria-hidden="true">{weekdayName(intlDay(d), "short")}</span>
                    <span className="sr-only">{weekdayName(intlDay(d), "long")}</span>
                  </label>
                ))}
              </div>
              {problem === "no_weekdays" && <p id="repeat-days-error" className="text-sm font-medium text-red-700">{problemText.no_weekdays}</p>}
            </fieldset>
          ) : (
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-1 text-sm font-medium"><Trans>Which day</Trans></legend>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <label className="flex items-center gap-2">
                <input type="radio" name="monthly-by" className="size-4 accent-brand-700" checked={value.monthlyBy === "day"} onChange={() => set({ monthlyBy: "day" })} />
                <Trans>On a day of the month</Trans>
                </label>
                <Select aria-label={t`Day of the month`} className="w-auto" value={value.monthDay} onChange={(e) => set({ monthlyBy: "day", monthDay: Number(e.target.value) })}>
                  {Array.from({ length: 31 }, (_, i) => <option key={i + 1} value={i + 1}>{i + 1}</option>)}
                  <option value={-1}>{t`last day`}</option>
                </Select>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <label className="flex items-center gap-2">
                <input type="radio" name="monthly-by" className="size-4 accent-brand-700" checked={value.monthlyBy === "weekday"} onChange={() => set({ monthlyBy: "weekday" })} />
                <Trans>On a weekday of the month</Trans>
                </label>
                <Select aria-label={t`Which week of the month`} className="w-auto" value={value.ordinal} onChange={(e) => set({ monthlyBy: "weekday", ordinal: Number(e.target.value) as Ordinal })}>
                  {ORDINALS.map((o) => <option key={o.value} value={o.value}>{t(o.label)}</option>)}
                </Select>
                <Select aria-label={t`Day of the week`} className="w-auto" value={value.weekday} onChange={(e) => set({ monthlyBy: "weekday", weekday: e.target.value as Weekday })}>
                  {WEEKDAYS.map((d) => <option key={d} value={d}>{weekdayName(intlDay(d), "long")}</option>)}
                </Select>
              </div>
              <p className="text-sm text-muted-foreground"><Trans>Months without that day are skipped.</Trans></p>
            </fieldset>
          )}
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium"><Trans>Ends</Trans></legend>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <label className="flex items-center gap-2">
              <input type="radio" name="repeat-ends" className="size-4 accent-brand-700" checked={value.ends === "count"} onChange={() => set({ ends: "count" })} />
              <Trans>After a number of dates</Trans>
              </label>
              <Input aria-label={t`Number of dates`} type="number" inputMode="numeric" min={following ? 1 : 2} max={MAX_DATES} className="w-24"
                value={value.count} onChange={(e) => set({ ends: "count", count: Number(e.target.value) })} aria-invalid={problem === "count" || undefined} />
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <label className="flex items-center gap-2">
              <input type="radio" name="repeat-ends" className="size-4 accent-brand-700" checked={value.ends === "until"} onChange={() => set({ ends: "until" })} />
              <Trans>On a date</Trans>
              </label>
              <Input aria-label={t`Last date`} type="date" className="w-auto" value={value.until}
                onChange={(e) => set({ ends: "until", until: e.target.value })} aria-invalid={problem === "until" || undefined} />
            </div>
            {(problem === "count" || problem === "until") && (
              <p role="alert" className="text-sm font-medium text-red-700">{problemText[problem]}</p>
            )}
            <p className="text-sm text-muted-foreground"><Trans>At most 52 dates, within two years. Dates are added eight weeks ahead as time goes on.</Trans></p>
          </fieldset>
        </>
      )}
    </EditorSection>
  );
}
