import { supabase } from "@/lib/supabase";

export type TopicsTarget = { table: "events" | "groups"; id: string };

export const topicsKey = (t: TopicsTarget) => ["topics", t.table, t.id] as const;

/** The topics (tags) of an event or a group. */
export async function readTopics(t: TopicsTarget): Promise<string[]> {
  const { data, error } = await supabase.from(t.table).select("tags").eq("id", t.id).single();
  if (error) throw error;
  return data.tags;
}

/** Saves the whole list; the database normalises it and answers with what it kept. */
export async function saveTopics(t: TopicsTarget, tags: string[]): Promise<string[]> {
  const { data, error } = await supabase.from(t.table).update({ tags }).eq("id", t.id).select("tags").single();
  if (error) throw error;
  return data.tags;
}
