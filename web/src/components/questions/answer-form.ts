import { t } from "@lingui/core/macro";
import type { EventQuestion, QuestionKind } from "@/lib/event-questions";

// Answers to an event's registration questions (decision 0130), as the RSVP panel and the ticket
// box ask them: what the form holds, the checks the database makes (same rules, same words, so
// the member reads one message whether the browser or the database caught it), and the
// `answers` object rsvp(), save_rsvp_answers() and checkout take, keyed by question id.

export type { EventQuestion, QuestionKind };

/** One answer as the form holds it: text for the text-like kinds, a list for multiple choice. */
export type DraftValue = string | string[] | boolean;
export type AnswerDraft = Record<string, DraftValue>;
/** A stored answer (rsvp_answers.value): text, a number, a list of options, or true. */
export type StoredValue = string | number | boolean | string[];

const LONGEST: Partial<Record<QuestionKind, number>> = { short_text: 200, long_text: 2000 };
const NUMBER = /^[-+]?[0-9]{1,15}([.,][0-9]{1,10})?$/;
const PHONE = /^\+?[0-9 ().-]+$/;

function emptyValue(kind: QuestionKind): DraftValue {
  return kind === "multiple_choice" ? [] : kind === "checkbox" ? false : "";
}

/** The form's starting values: the member's stored answers, else empty. */
export function startingDraft(questions: EventQuestion[], stored: Record<string, StoredValue> = {}): AnswerDraft {
  const draft: AnswerDraft = {};
  for (const q of questions) {
    const value = stored[q.id];
    if (value === undefined || value === null) draft[q.id] = emptyValue(q.kind);
    else if (q.kind === "multiple_choice") draft[q.id] = Array.isArray(value) ? value.map(String) : [String(value)];
    else if (q.kind === "checkbox") draft[q.id] = value === true;
    else draft[q.id] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return draft;
}

function isEmpty(value: DraftValue | undefined): boolean {
  if (value === undefined || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "string" && value.trim() === "";
}

/** What is wrong with one answer, in the database's words (error-messages.ts), or null. */
export function answerProblem(q: EventQuestion, value: DraftValue | undefined): string | null {
  const label = q.label;
  if (isEmpty(value)) return q.required ? t`Answer "${label}".` : null;
  const text = typeof value === "string" ? value.trim() : "";
  switch (q.kind) {
    case "short_text":
    case "long_text": {
      const max = LONGEST[q.kind] ?? 0;
      return text.length > max ? t`The answer to "${label}" can be at most ${max} characters long.` : null;
    }
    case "single_choice":
      return (q.options ?? []).includes(text) ? null : t`Choose from the options offered for "${label}".`;
    case "multiple_choice":
      return Array.isArray(value) && value.every((o) => (q.options ?? []).includes(o))
        ? null
        : t`Choose from the options offered for "${label}".`;
    case "checkbox":
      return value === true ? null : t`The answer to "${label}" is not valid.`;
    case "number":
      return NUMBER.test(text) && Math.abs(Number(text.replace(",", "."))) < 1e15 ? null : t`Enter a number for "${label}".`;
    case "phone": {
      const digits = text.replace(/[^0-9]/g, "").length;
      return PHONE.test(text) && digits >= 6 && digits <= 15 ? null : t`Enter a phone number for "${label}", with 6 to 15 digits.`;
    }
  }
}

/** Every problem, keyed by question id; empty when the answers can be sent. */
export function answerProblems(questions: EventQuestion[], draft: AnswerDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const q of questions) {
    const problem = answerProblem(q, draft[q.id]);
    if (problem) problems[q.id] = problem;
  }
  return problems;
}

/**
 * The `answers` argument: each non-empty answer keyed by question id (text trimmed, multiple
 * choice in the question's order). A question left out is "no answer" — the database then
 * removes a stored answer to it, so clearing a field in an edit clears the answer.
 */
export function answersPayload(questions: EventQuestion[], draft: AnswerDraft): Record<string, StoredValue> {
  const payload: Record<string, StoredValue> = {};
  for (const q of questions) {
    const value = draft[q.id];
    if (isEmpty(value)) continue;
    if (q.kind === "multiple_choice" && Array.isArray(value)) payload[q.id] = (q.options ?? []).filter((o) => value.includes(o));
    else if (q.kind === "checkbox") payload[q.id] = true;
    else payload[q.id] = String(value).trim();
  }
  return payload;
}

/** A stored answer as one line of text (guest list, "Your answers"). */
export function answerText(value: StoredValue | null | undefined, yes: string): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  if (value === true) return yes;
  return String(value);
}
