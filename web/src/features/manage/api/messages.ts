import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { supabase } from "@/lib/supabase";
import { manageKeys } from "./manage-keys";

export const AUDIENCES = [
  { value: "going", label: "Everyone going" },
  { value: "waitlisted", label: "The waitlist" },
  { value: "both", label: "Going and waitlist" },
] as const;
export type Audience = (typeof AUDIENCES)[number]["value"];

export function audienceLabel(audience: string): string {
  return AUDIENCES.find((a) => a.value === audience)?.label ?? audience;
}

/** The form's rules; the database checks the same limits with the same words. */
export const messageSchema = z.object({
  audience: z.enum(["going", "waitlisted", "both"]),
  subject: z.string().trim().min(1, "The subject must be 1 to 120 characters long.").max(120, "The subject must be 1 to 120 characters long."),
  body: z.string().trim().min(1, "The message must be 1 to 5,000 characters long.").max(5000, "The message must be 1 to 5,000 characters long."),
});
export type MessageInput = z.input<typeof messageSchema>;
export type MessageOutput = z.output<typeof messageSchema>;

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
  return `Message sent to ${recipients} ${recipients === 1 ? "person" : "people"}.`;
}
