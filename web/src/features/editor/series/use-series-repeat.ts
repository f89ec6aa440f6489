import { useState } from "react";
import type { EditableEvent } from "../event-form-values";
import {
  buildRrule, defaultRepeat, moveRepeat, repeatFromRule, repeatProblem, type RepeatChoice, type RepeatProblem,
} from "./repeat-rule";

const isDate = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d));

/**
 * The editor's Repeat choice. For a new event it is the series to make; for a date of a series it
 * starts as the series' rule from this date on — moving with the date while the host has not
 * changed it, as the database moves it (decision 0125) — and a change to it is a new rule for
 * this and the following dates (update_series_from with `rrule`).
 */
export function useSeriesRepeat(initial: EditableEvent | null, loadedStartDate: string, startDate: string) {
  const [fromHere] = useState(() =>
    initial?.series_id && initial.series_rule
      ? repeatFromRule({ rrule: initial.series_rule, position: initial.series_position ?? 1, startDate: loadedStartDate, zone: initial.timezone })
      : null,
  );
  const [chosen, setChosen] = useState<RepeatChoice | null>(null);
  const inSeries = Boolean(initial?.series_id);
  const baseline = fromHere && isDate(startDate) ? moveRepeat(fromHere, loadedStartDate, startDate) : fromHere;
  const repeat = chosen ?? baseline ?? defaultRepeat(loadedStartDate);
  const ruleChanged = baseline !== null && chosen !== null && buildRrule(chosen) !== buildRrule(baseline);

  /** What the database would refuse in the choice as it stands, for the date being saved. */
  function problem(date: string): RepeatProblem | null {
    if (!inSeries) return repeatProblem(repeat, date);
    return ruleChanged ? repeatProblem(repeat, date, 1) : null;
  }

  return {
    repeat,
    setRepeat: setChosen,
    /** The series' rule as the Repeat section shows it; null when not a series date (or a rule it cannot show). */
    fromHere,
    ruleChanged,
    problem,
    /** The rule to make a series with (new event), or the new rule for the following dates. */
    newSeriesRule: inSeries ? null : buildRrule(repeat),
    followingRule: ruleChanged ? buildRrule(repeat) : null,
  };
}
