// The server side of push for the app: the VAPID public key (the push-key function), this
// device's subscription (push_subscriptions, through save_push_subscription), and which kinds
// the member wants by push (notification_preferences' push_* columns).
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

export const pushKeys = {
  key: ["push", "key"] as const,
  device: (userId: string) => [...queryRoots.profile, "push-device", userId] as const,
  preferences: (userId: string) => [...queryRoots.profile, "push-preferences", userId] as const,
};

/** The server's VAPID public key, or null when push is not set up there. */
export async function getPushKey(): Promise<string | null> {
  const { data, error } = await supabase.functions.invoke<{ publicKey: string | null }>("push-key", { method: "GET" });
  if (error) throw error;
  return data?.publicKey ?? null;
}

export function pushKeyOptions() {
  return queryOptions({ queryKey: pushKeys.key, queryFn: getPushKey, staleTime: 5 * 60_000, retry: 1 });
}

/** Saves this browser's subscription as the signed-in member's device. */
export async function saveDevice(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  const { error } = await supabase.rpc("save_push_subscription", {
    endpoint: subscription.endpoint,
    p256dh: json.keys?.p256dh ?? "",
    auth: json.keys?.auth ?? "",
    user_agent: navigator.userAgent.slice(0, 300),
  });
  if (error) throw error;
}

/** Whether this endpoint is one of the member's devices (another member may have it). */
export async function isMyDevice(endpoint: string): Promise<boolean> {
  const { data, error } = await supabase.from("push_subscriptions").select("id").eq("endpoint", endpoint).maybeSingle();
  if (error) throw error;
  return data !== null;
}

export async function forgetDevice(endpoint: string): Promise<void> {
  const { error } = await supabase.from("push_subscriptions").delete().eq("endpoint", endpoint);
  if (error) throw error;
}

type PushColumns = {
  push_reminders: boolean;
  push_rsvp_updates: boolean;
  push_host_messages: boolean;
  push_group_events: boolean;
};

/** The push_* columns, and the push choices for replies, mentions and messages (decision 0405). */
export type PushPreferences = PushColumns & ConversationChoices;

const COLUMNS = "push_reminders, push_rsvp_updates, push_host_messages, push_group_events";

/** Everything on until the member says otherwise (the table's defaults). */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  push_reminders: true,
  push_rsvp_updates: true,
  push_host_messages: true,
  push_group_events: true,
  ...conversationDefaults("push"),
};

export function pushPreferencesOptions(userId: string) {
  return queryOptions({
    queryKey: pushKeys.preferences(userId),
    queryFn: async (): Promise<PushPreferences> => {
      const [{ data, error }, conversations] = await Promise.all([
        supabase.from("notification_preferences").select(COLUMNS).eq("user_id", userId).maybeSingle(),
        getConversationChoices(userId, "push"),
      ]);
      if (error) throw error;
      return { ...DEFAULT_PUSH_PREFERENCES, ...data, ...conversations };
    },
  });
}

/** Upsert: sign-up creates the row, but a member from before that trigger may have none. */
export async function savePushPreferences(userId: string, prefs: PushPreferences): Promise<PushPreferences> {
  const { push_reminders, push_rsvp_updates, push_host_messages, push_group_events } = prefs;
  const columns: PushColumns = { push_reminders, push_rsvp_updates, push_host_messages, push_group_events };
  const { data, error } = await supabase
    .from("notification_preferences")
    .upsert({ user_id: userId, ...columns }, { onConflict: "user_id" })
    .select(COLUMNS)
    .single();
  if (error) throw error;
  const conversations = await saveConversationChoices("push", pickConversationChoices(prefs));
  return { ...data, ...conversations };
}
