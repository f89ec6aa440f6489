import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";

export type ConversationSummary = {
  id: string;
  other_id: string;
  other_username: string;
  other_display_name: string;
  other_avatar_path: string | null;
  last_body: string | null;
  last_sender_id: string | null;
  last_message_at: string;
  unread: number;
};
export type DirectMessage = { id: string; sender_id: string; recipient_id: string; body: string; read_at: string | null; created_at: string };
export type Person = { id: string; username: string; display_name: string; avatar_path: string | null };

export const messageKeys = {
  all: (userId: string) => ["messages", userId] as const,
  list: (userId: string) => ["messages", userId, "list"] as const,
  thread: (userId: string, conversationId: string) => ["messages", userId, "thread", conversationId] as const,
  person: (userId: string, personId: string) => ["messages", userId, "person", personId] as const,
};

/** The member's conversations, newest first, with unread counts (my_conversations). */
export function conversationsOptions(userId: string) {
  return queryOptions({
    queryKey: messageKeys.list(userId),
    queryFn: async (): Promise<ConversationSummary[]> => {
      const { data, error } = await supabase.rpc("my_conversations");
      if (error) throw error;
      return (data ?? []) as ConversationSummary[];
    },
  });
}

/** A conversation's messages, oldest first (the latest 300). */
export function threadOptions(userId: string, conversationId: string) {
  return queryOptions({
    queryKey: messageKeys.thread(userId, conversationId),
    queryFn: async (): Promise<DirectMessage[]> => {
      const { data, error } = await supabase
        .from("direct_messages")
        .select("id, sender_id, recipient_id, body, read_at, created_at")
        .eq("conversation_id", conversationId)
        .order("created_at", { ascending: false })
        .limit(300);
      if (error) throw error;
      return (data ?? []).reverse();
    },
  });
}

/** Someone to write to (a new conversation), and whether the rules let the member write first. */
export function personOptions(userId: string, personId: string) {
  return queryOptions({
    queryKey: messageKeys.person(userId, personId),
    queryFn: async () => {
      const [person, allowed] = await Promise.all([
        supabase.from("profiles").select("id, username, display_name, avatar_path").eq("id", personId).maybeSingle(),
        supabase.rpc("can_message", { recipient_id: personId }),
      ]);
      if (person.error) throw person.error;
      if (allowed.error) throw allowed.error;
      return { person: person.data as Person | null, allowed: Boolean(allowed.data) };
    },
  });
}

export async function sendMessage(recipientId: string, body: string, eventMessageId?: string): Promise<string> {
  const { data, error } = await supabase.rpc("send_direct_message", { recipient_id: recipientId, body, event_message_id: eventMessageId });
  if (error) throw error;
  return data as string;
}

export async function markRead(conversationId: string): Promise<number> {
  const { data, error } = await supabase.rpc("mark_conversation_read", { conversation_id: conversationId });
  if (error) throw error;
  return data ?? 0;
}

export async function blockMember(personId: string): Promise<void> {
  const { error } = await supabase.from("member_blocks").insert({ blocked_id: personId });
  if (error && error.code !== "23505") throw error;
}

export async function reportMessage(messageId: string, reason: string): Promise<void> {
  const { error } = await supabase.rpc("report_direct_message", { message_id: messageId, reason });
  if (error) throw error;
}
