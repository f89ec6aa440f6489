import { supabase } from "@/lib/supabase";

// Replies, mentions and private messages (decision 0405) are per-kind choices of
// notification_kind_preferences, one row per kind and channel, shared by the bell, email and
// push. Settings › Notifications (email) and push each show their channel's three.

export const CONVERSATION_KINDS = ["mention", "discussion_reply", "direct_message"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export type ConversationChoices = Record<ConversationKind, boolean>;
export type ConversationChannel = "in_app" | "email" | "push";

/** The database's defaults (private.notification_default): everything on but replies by email. */
export function conversationDefaults(channel: ConversationChannel): ConversationChoices {
  return { mention: true, discussion_reply: channel !== "email", direct_message: true };
}

export async function getConversationChoices(userId: string, channel: ConversationChannel): Promise<ConversationChoices> {
  const { data, error } = await supabase
    .from("notification_kind_preferences")
    .select("kind, delivery")
    .eq("user_id", userId)
    .eq("channel", channel)
    .in("kind", [...CONVERSATION_KINDS]);
  if (error) throw error;
  const choices = conversationDefaults(channel);
  for (const row of data ?? []) {
    if ((CONVERSATION_KINDS as readonly string[]).includes(row.kind)) choices[row.kind as ConversationKind] = row.delivery !== "off";
  }
  return choices;
}

/** One row per kind; user_id is the database's default (auth.uid()), so the upsert never rewrites it. */
export async function saveConversationChoices(channel: ConversationChannel, choices: ConversationChoices): Promise<ConversationChoices> {
  const rows = CONVERSATION_KINDS.map((kind) => ({ kind, channel, delivery: choices[kind] ? "instant" : "off" }));
  const { error } = await supabase.from("notification_kind_preferences").upsert(rows, { onConflict: "user_id,kind,channel" });
  if (error) throw error;
  return { ...choices };
}

export function pickConversationChoices(prefs: ConversationChoices): ConversationChoices {
  return { mention: prefs.mention, discussion_reply: prefs.discussion_reply, direct_message: prefs.direct_message };
}
