import { queryOptions } from "@tanstack/react-query";
import {
  conversationDefaults,
  getConversationChoices,
  pickConversationChoices,
  saveConversationChoices,
  type ConversationChoices,
} from "@/lib/conversation-notifications";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";

type EmailColumns = {
  email_reminders: boolean;
  email_rsvp_updates: boolean;
  email_host_messages: boolean;
  email_rsvp_requests: boolean;
  weekly_picks: boolean;
};

/** The columns of notification_preferences, and the email choices for replies, mentions and messages. */
export type NotificationPreferences = EmailColumns & ConversationChoices;

/** The table's defaults: emails about my events on; the weekly picks off until asked for (decision 0380). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  email_reminders: true,
  email_rsvp_updates: true,
  email_host_messages: true,
  email_rsvp_requests: true,
  weekly_picks: false,
  ...conversationDefaults("email"),
};

const COLUMNS = "email_reminders, email_rsvp_updates, email_host_messages, email_rsvp_requests, weekly_picks";

export const preferencesKey = (userId: string) => [...queryRoots.profile, "notification-preferences", userId] as const;

export async function getPreferences(userId: string): Promise<NotificationPreferences> {
  const [{ data, error }, conversations] = await Promise.all([
    supabase.from("notification_preferences").select(COLUMNS).eq("user_id", userId).maybeSingle(),
    getConversationChoices(userId, "email"),
  ]);
  if (error) throw error;
  return { ...DEFAULT_PREFERENCES, ...data, ...conversations };
}

export function preferencesOptions(userId: string) {
  return queryOptions({ queryKey: preferencesKey(userId), queryFn: () => getPreferences(userId) });
}

/** Upsert: sign-up creates the row, but a member from before that trigger may have none. */
export async function savePreferences(userId: string, prefs: NotificationPreferences): Promise<NotificationPreferences> {
  const { email_reminders, email_rsvp_updates, email_host_messages, email_rsvp_requests, weekly_picks } = prefs;
  const columns: EmailColumns = { email_reminders, email_rsvp_updates, email_host_messages, email_rsvp_requests, weekly_picks };
  const { data, error } = await supabase
    .from("notification_preferences")
    .upsert({ user_id: userId, ...columns }, { onConflict: "user_id" })
    .select(COLUMNS)
    .single();
  if (error) throw error;
  const conversations = await saveConversationChoices("email", pickConversationChoices(prefs));
  return { ...data, ...conversations };
}
