import type { Database } from "@/lib/database.types";

// An event's registration question as the app reads it (public.event_questions, decision 0130):
// the editor writes them, the RSVP panel asks them, the guest list shows their answers.

export type QuestionKind = Database["public"]["Enums"]["question_kind"];

export type EventQuestion = {
  id: string;
  position: number;
  kind: QuestionKind;
  label: string;
  required: boolean;
  options: string[] | null;
  /** For events that sell tickets: asked once per order, or once for each ticket (decision 0280). */
  asked_per?: "order" | "ticket";
};

/**
 * Whether a question's label already ends in punctuation ("Which pace group?"), so the answer's
 * term shows it as written instead of adding a colon ("Which pace group?:").
 */
export function endsInPunctuation(label: string): boolean {
  return /[?!:.;…？！：。]\s*$/u.test(label);
}
