import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import { answerTable, type AnswerRow, type AnswerTable } from "../guest-answers";
import { manageKeys } from "./manage-keys";

const PAGE = 1000;

/** The event's questions and every answer (RLS: the attendee and whoever sees the guest list). */
export async function getGuestAnswers(eventId: string): Promise<AnswerTable> {
  const questions = await supabase.from("event_questions").select("id, position, label").eq("event_id", eventId).order("position");
  if (questions.error) throw questions.error;
  const answers: AnswerRow[] = [];
  // At most max_rows (1000) rows a request: ten answers each for a big event take several pages.
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await supabase
      .from("rsvp_answers")
      .select("user_id, question_id, position, label, value")
      .eq("event_id", eventId)
      .order("id")
      .range(from, from + PAGE - 1);
    if (error) throw error;
    answers.push(...(data as AnswerRow[]));
    if (data.length < PAGE) break;
  }
  return answerTable(questions.data, answers);
}

export function guestAnswersOptions(eventId: string) {
  return queryOptions({ queryKey: manageKeys.answers(eventId), queryFn: () => getGuestAnswers(eventId), enabled: Boolean(eventId) });
}
