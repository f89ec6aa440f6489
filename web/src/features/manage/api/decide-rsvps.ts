import { plural, t } from "@lingui/core/macro";
import { supabase } from "@/lib/supabase";

export type Decision = { userId: string; name: string };
export type DecisionOutcome = { done: Decision[]; failed: { decision: Decision; error: unknown }[] };

/**
 * Approves or declines each request in turn. decide_rsvp locks the event, so running them one
 * after another costs nothing extra, and when the event fills up halfway the rest fail with
 * `event_full` while those before still count.
 */
export async function decideRsvps(eventId: string, decisions: Decision[], approve: boolean): Promise<DecisionOutcome> {
  const outcome: DecisionOutcome = { done: [], failed: [] };
  for (const decision of decisions) {
    const { error } = await supabase.rpc("decide_rsvp", { event_id: eventId, user_id: decision.userId, approve });
    if (error) outcome.failed.push({ decision, error });
    else outcome.done.push(decision);
  }
  return outcome;
}

/** "Approved Grace Hopper." / "Declined 3 requests." */
export function decisionToast(approve: boolean, done: Decision[]): string {
  const name = done[0]!.name;
  if (done.length === 1) return approve ? t`Approved ${name}.` : t`Declined ${name}.`;
  return approve
    ? plural(done.length, { one: "Approved # request.", other: "Approved # requests." })
    : plural(done.length, { one: "Declined # request.", other: "Declined # requests." });
}
