import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { supabase } from "@/lib/supabase";

export type ReportTarget = { type: "event" | "comment"; id: string };

/** Stored in English (the moderators' queue reads the same words whoever reported); shown translated. */
export const REPORT_REASONS = [
  "Spam or advertising",
  "Harassment or hate",
  "Inappropriate or offensive",
  "Misleading or a scam",
  "Something else",
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, MessageDescriptor> = {
  "Spam or advertising": msg`Spam or advertising`,
  "Harassment or hate": msg`Harassment or hate`,
  "Inappropriate or offensive": msg`Inappropriate or offensive`,
  "Misleading or a scam": msg`Misleading or a scam`,
  "Something else": msg`Something else`,
};

/** reports.reason holds 1–1,000 characters: the chosen reason, then the reporter's words. */
export const REPORT_DETAILS_MAX = 900;

export function reportReasonText(reason: ReportReason, details: string): string {
  const extra = details.trim();
  return extra ? `${reason}: ${extra}` : reason;
}

/** Files a report for the site admins' queue (RLS: as the signed-in member, status open). */
export async function fileReport(reporterId: string, target: ReportTarget, reason: string): Promise<void> {
  const { error } = await supabase
    .from("reports")
    .insert({ reporter_id: reporterId, target_type: target.type, target_id: target.id, reason });
  if (error) throw error;
}
