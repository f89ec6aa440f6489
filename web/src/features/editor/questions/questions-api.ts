import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import { editorKeys } from "../api/editor-keys";
import type { Question } from "./question-rules";

// The event's team writes its questions with plain inserts, updates and deletes under RLS; the
// order goes through reorder_event_questions so positions stay 1..n (decision 0130).

const COLUMNS = "id, position, kind, label, required, options, asked_per";

export async function listQuestions(eventId: string): Promise<Question[]> {
  const { data, error } = await supabase.from("event_questions").select(COLUMNS).eq("event_id", eventId).order("position");
  if (error) throw error;
  return data as Question[];
}

export function questionsOptions(eventId: string) {
  return queryOptions({ queryKey: editorKeys.questions(eventId), queryFn: () => listQuestions(eventId) });
}

type QuestionRow = Pick<Question, "kind" | "label" | "required" | "options" | "asked_per">;

/** A new question goes last (the database places it). */
export async function addQuestion(eventId: string, row: QuestionRow): Promise<void> {
  const { error } = await supabase.from("event_questions").insert({ event_id: eventId, ...row });
  if (error) throw error;
}

export async function updateQuestion(id: string, row: QuestionRow): Promise<void> {
  const { error } = await supabase.from("event_questions").update(row).eq("id", id);
  if (error) throw error;
}

/** Answers already given stay readable in the guest list (they keep the question's words). */
export async function deleteQuestion(id: string): Promise<void> {
  const { error } = await supabase.from("event_questions").delete().eq("id", id);
  if (error) throw error;
}

export async function reorderQuestions(eventId: string, ids: string[]): Promise<void> {
  const { error } = await supabase.rpc("reorder_event_questions", { event_id: eventId, question_ids: ids });
  if (error) throw error;
}

/** A series date's questions asked by every later date too (decision 0126); how many dates took them. */
export async function applyQuestionsToFollowing(eventId: string): Promise<number> {
  const { data, error } = await supabase.rpc("apply_questions_to_following", { event_id: eventId });
  if (error) throw error;
  return (data as { dates?: number } | null)?.dates ?? 0;
}
