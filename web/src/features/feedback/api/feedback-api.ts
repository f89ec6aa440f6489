import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";

// Feedback after an event (decision 0357): one answer per attendee (1–5, an optional comment),
// saved through answer_feedback, which checks who went and that the event is over; the hosts
// read the results through event_feedback_results.
export const COMMENT_MAX = 1000;

export type MyFeedback = { rating: number; comment: string | null } | null;

export type FeedbackResults = {
  count: number;
  average: number | null;
  /** How many gave 1, 2, 3, 4 and 5. */
  distribution: [number, number, number, number, number];
  comments: { rating: number; comment: string; display_name: string; updated_at: string }[];
};

export const myFeedbackKey = (eventId: string, userId: string) => ["event-feedback", eventId, userId] as const;

export const myFeedbackOptions = (eventId: string, userId: string) =>
  queryOptions({
    queryKey: myFeedbackKey(eventId, userId),
    queryFn: async (): Promise<MyFeedback> => {
      const { data, error } = await supabase
        .from("event_feedback")
        .select("rating, comment")
        .eq("event_id", eventId)
        .eq("user_id", userId)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });

export async function saveFeedback(eventId: string, rating: number, comment: string): Promise<void> {
  const { error } = await supabase.rpc("answer_feedback", { event_id: eventId, rating, comment: comment.trim() || undefined });
  if (error) throw error;
}

export const feedbackResultsOptions = (eventId: string) =>
  queryOptions({
    queryKey: ["event-feedback-results", eventId] as const,
    queryFn: async (): Promise<FeedbackResults> => {
      const { data, error } = await supabase.rpc("event_feedback_results", { event_id: eventId });
      if (error) throw error;
      return data as unknown as FeedbackResults;
    },
  });
