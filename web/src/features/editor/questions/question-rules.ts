import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import type { EventQuestion, QuestionKind } from "@/lib/event-questions";

// The question manager's form: what a host types (options one per line) and the database's
// rules for a question (decision 0130, private.question_rules), checked before the write so the
// host sees the problem beside the field; the database checks again and says it the same way.

export type { QuestionKind };
export type Question = EventQuestion;

/** At most this many questions per event (too_many_questions). */
export const MAX_QUESTIONS = 10;

/** Every kind of the question_kind enum, in the order the picker offers them. */
export const KINDS: { kind: QuestionKind; label: MessageDescriptor }[] = [
  { kind: "short_text", label: msg({ message: "Short text", comment: "A kind of registration question" }) },
  { kind: "long_text", label: msg({ message: "Long text", comment: "A kind of registration question" }) },
  { kind: "single_choice", label: msg({ message: "One choice from a list", comment: "A kind of registration question" }) },
  { kind: "multiple_choice", label: msg({ message: "Several choices from a list", comment: "A kind of registration question" }) },
  { kind: "checkbox", label: msg({ message: "Checkbox (e.g. accept the terms)", comment: "A kind of registration question" }) },
  { kind: "number", label: msg({ message: "Number", comment: "A kind of registration question" }) },
  { kind: "phone", label: msg({ message: "Phone number", comment: "A kind of registration question" }) },
];

export function hasOptions(kind: QuestionKind): boolean {
  return kind === "single_choice" || kind === "multiple_choice";
}

/** What the question form holds: options as typed, one per line. */
export type QuestionDraft = { kind: QuestionKind; label: string; required: boolean; optionsText: string; askedPer?: "order" | "ticket" };

export function newDraft(): QuestionDraft {
  return { kind: "short_text", label: "", required: false, optionsText: "", askedPer: "order" };
}

export function draftOf(q: Question): QuestionDraft {
  return { kind: q.kind, label: q.label, required: q.required, optionsText: (q.options ?? []).join("\n"), askedPer: q.asked_per ?? "order" };
}

/** The options as the database keeps them: trimmed, blank lines dropped. */
export function optionList(text: string): string[] {
  return text.split("\n").map((o) => o.trim()).filter((o) => o !== "");
}

export type DraftProblems = { label?: string; options?: string };

/** The database's invalid_question rules, in its words (error-messages.ts). */
export function draftProblems(draft: QuestionDraft): DraftProblems {
  const problems: DraftProblems = {};
  const label = draft.label.trim();
  if (label.length < 1 || label.length > 200) problems.label = t`A question must be 1 to 200 characters long.`;
  if (hasOptions(draft.kind)) {
    const options = optionList(draft.optionsText);
    if (options.length < 2 || options.length > 20 || new Set(options).size !== options.length || options.some((o) => o.length > 100)) {
      problems.options = t`A choice question needs 2 to 20 different options of at most 100 characters.`;
    }
  }
  return problems;
}

/** The row to write: options only for the choice kinds (null otherwise, as the database wants). */
export function questionRow(draft: QuestionDraft): Pick<Question, "kind" | "label" | "required" | "options" | "asked_per"> {
  return {
    kind: draft.kind,
    label: draft.label.trim(),
    required: draft.required,
    options: hasOptions(draft.kind) ? optionList(draft.optionsText) : null,
    asked_per: draft.askedPer ?? "order",
  };
}

/** The ids in their new order after moving one question up (-1) or down (+1). */
export function moved(ids: string[], id: string, by: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
