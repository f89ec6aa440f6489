import { useState } from "react";
import type { Problems } from "../drafts";

/**
 * A form's draft, changed a field at a time, and its save: the draft is checked (`check`, one of
 * drafts.ts's row builders) and either saved as the row it makes or answered with its problems,
 * field by field.
 */
export function useCheckedDraft<D, R>(initial: D, check: (draft: D) => { row: R } | { problems: Problems<D> }, onSave: (row: R) => void) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Problems<D>>({});
  const set = (change: Partial<D>) => setDraft((d) => ({ ...d, ...change }));
  const save = () => {
    const result = check(draft);
    if ("problems" in result) setProblems(result.problems);
    else {
      setProblems({});
      onSave(result.row);
    }
  };
  return { draft, set, problems, save };
}
