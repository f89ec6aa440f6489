import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { supabase } from "@/lib/supabase";
import { manageKeys } from "./manage-keys";

export const AUDIENCES: readonly { value: "going" | "waitlisted" | "both"; label: MessageDescriptor }[] = [
  { value: "going", label: msg({ message: "Everyone going", comment: "Who a host's message goes to" }) },
  { value: "waitlisted", label: msg({ message: "The waitlist", comment: "Who a host's message goes to" }) },
  { value: "both", label: msg({ message: "Going and waitlist", comment: "Who a host's message goes to" }) },
];
export type Audience = (typeof AUDIENCES)[number]["value"];

export function audienceLabel(audience: string): string {
  const found = AUDIENCES.find((a) => a.value === audience);
  return found ? i18n._(found.label) : audience;
}

/** The form's rules, in the reader's language; the database checks the same limits with the same words. */
export function messageSchema() {
  const subject = t`The subject must be 1 to 120 characters long.`;
  const body = t`The message must be 1 to 5,000 characters long.`;
  return z.object({
    audience: z.enum(["going", "waitlisted", "both"]),
    subject: z.string().trim().min(1, subject).max(120, subject),
    body: z.string().trim().min(1, body).max(5000, body),
  });
}
export type MessageInput = z.input<ReturnType<typeof messageSchema>>;
export type MessageOutput = z.output<ReturnType<typeof messageSchema>>;

export type SentMessage = {
  id: string;
  audience: string;
  subject: string;
  body: string;
  recipient_count: number;
  created_at: string;
  sender: { display_name: string } | null;
};

/** Sends the message by email and in-app; returns how many people it reached. */
export async function messageAttendees(eventId: string, input: MessageOutput): Promise<number> {
  const { data, error } = await supabase.rpc("message_attendees", { event_id: eventId, ...input });
  if (error) throw error;
  return data;
}

export async function getSentMessages(eventId: string): Promise<SentMessage[]> {
  const { data, error } = await supabase
    .from("event_messages")
    .select("id, audience, subject, body, recipient_count, created_at, sender:profiles(display_name)")
    .eq("event_id", eventId)
    .order("created_at", { ascending: false })
    .limit(50);
  if (error) throw error;
  return data as unknown as SentMessage[];
}

export function sentMessagesOptions(eventId: string) {
  return queryOptions({ queryKey: manageKeys.messages(eventId), queryFn: () => getSentMessages(eventId) });
}

/** "Message sent to 12 people." */
export function sentToast(recipients: number): string {
  return plural(recipients, { one: "Message sent to # person.", other: "Message sent to # people." });
}
