import { useState } from "react";
import type { EditableEvent } from "../event-form-values";
import { buildRrule, defaultRepeat, repeatFromRule, repeatProblem, type RepeatChoice, type RepeatProblem } from "./repeat-rule";

/**
 * The editor's Repeat choice. For a new event it is the series to make; for a date of a series it
 * starts as the series' rule from this date on, and a change to it is a new rule for this and the
 * following dates (update_series_from with `rrule`, decision 0125).
 */
export function useSeriesRepeat(initial: EditableEvent | null, startDate: string) {
  const [fromHere] = useState(() =>
    initial?.series_id && initial.series_rule
      ? repeatFromRule({ rrule: initial.series_rule, position: initial.series_position ?? 1, startDate, zone: initial.timezone })
      : null,
  );
  const [repeat, setRepeat] = useState<RepeatChoice>(() => fromHere ?? defaultRepeat(startDate));
  const inSeries = Boolean(initial?.series_id);
  const ruleChanged = fromHere !== null && buildRrule(repeat) !== buildRrule(fromHere);

  /** What the database would refuse in the choice as it stands, for the date being saved. */
  function problem(date: string): RepeatProblem | null {
    if (!inSeries) return repeatProblem(repeat, date);
    return ruleChanged ? repeatProblem(repeat, date, 1) : null;
  }

  return {
    repeat,
    setRepeat,
    /** The series' rule as the Repeat section shows it; null when not a series date (or a rule it cannot show). */
    fromHere,
    ruleChanged,
    problem,
    /** The rule to make a series with (new event), or the new rule for the following dates. */
    newSeriesRule: inSeries ? null : buildRrule(repeat),
    followingRule: ruleChanged ? buildRrule(repeat) : null,
  };
}
