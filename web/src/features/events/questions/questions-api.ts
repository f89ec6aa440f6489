import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import { eventKeys } from "../api/event-keys";
import type { EventQuestion, StoredValue } from "@/components/questions/answer-form";

/** The event's registration questions in their order (anyone who sees the event reads them). */
export async function getEventQuestions(eventId: string): Promise<EventQuestion[]> {
  const { data, error } = await supabase
    .from("event_questions")
    .select("id, position, kind, label, required, options")
    .eq("event_id", eventId)
    .order("position");
  if (error) throw error;
  return data;
}

export function eventQuestionsOptions(eventId: string) {
  return queryOptions({ queryKey: eventKeys.questions(eventId), queryFn: () => getEventQuestions(eventId), enabled: Boolean(eventId) });
}

/** The viewer's current answers, keyed by question id (answers to removed questions left out). */
export async function getMyAnswers(eventId: string, userId: string): Promise<Record<string, StoredValue>> {
  const { data, error } = await supabase
    .from("rsvp_answers")
    .select("question_id, value")
    .eq("event_id", eventId)
    .eq("user_id", userId)
    .not("question_id", "is", null);
  if (error) throw error;
  return Object.fromEntries(data.map((a) => [a.question_id as string, a.value as StoredValue]));
}

export function myAnswersOptions(eventId: string, userId: string | undefined) {
  return queryOptions({
    queryKey: eventKeys.myAnswers(eventId, userId),
    queryFn: (): Promise<Record<string, StoredValue>> => (userId ? getMyAnswers(eventId, userId) : Promise.resolve({})),
    enabled: Boolean(eventId && userId),
  });
}

/** Replaces the viewer's answers (until the event starts: answers_closed after). */
export async function saveRsvpAnswers(eventId: string, answers: Record<string, StoredValue>): Promise<Record<string, StoredValue>> {
  const { data, error } = await supabase.rpc("save_rsvp_answers", { event_id: eventId, answers });
  if (error) throw error;
  return data as Record<string, StoredValue>;
}

/** The question a refused answer is about: the database puts its id in the error's details. */
export function refusedQuestionId(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { code, details } = error as { code?: unknown; details?: unknown };
  if (code !== "answer_required" && code !== "answer_invalid") return undefined;
  return typeof details === "string" && details ? details : undefined;
}
