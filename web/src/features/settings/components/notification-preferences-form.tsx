import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CONVERSATION_OPTIONS } from "@/components/preferences/conversation-options";
import { PreferencesChecklist } from "@/components/preferences/preferences-checklist";
import { errorMessage } from "@/lib/errors";
import {
  preferencesKey,
  preferencesOptions,
  savePreferences,
  type NotificationPreferences,
} from "../api/notification-preferences";

const OPTIONS: { key: keyof NotificationPreferences; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { key: "email_reminders", label: msg`Event reminders`, hint: msg`An email 24 hours and 1 hour before events you're going to.` },
  { key: "email_rsvp_updates", label: msg`RSVP updates`, hint: msg`When you move up from the waitlist, a host approves or declines you, or an event is moved or cancelled.` },
  { key: "email_host_messages", label: msg`Messages from hosts`, hint: msg`What hosts send to everyone going to their event.` },
  { key: "email_rsvp_requests", label: msg`Requests to join my events`, hint: msg`When someone asks to join an event you host that needs approval.` },
  ...CONVERSATION_OPTIONS,
  { key: "weekly_picks", label: msg`Weekly picks`, hint: msg`On Mondays, up to five upcoming events picked for you, each with why. Every one has a link to unsubscribe in one click.` },
];

export function NotificationPreferencesForm({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const saved = useQuery(preferencesOptions(userId));
  const save = useMutation({
    mutationFn: (prefs: NotificationPreferences) => savePreferences(userId, prefs),
    onSuccess: (prefs) => {
      queryClient.setQueryData(preferencesKey(userId), prefs);
      toast.success(t`Notification preferences saved`);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <PreferencesChecklist
      saved={saved}
      options={OPTIONS.map(({ key, label, hint }) => ({ key, label: t(label), hint: t(hint) }))}
      legend={<Trans>Emails we send you</Trans>}
      legendHidden
      note={<Trans>Emails about your account (sign-in links, password and email changes) are always sent.</Trans>}
      submitLabel={<Trans>Save preferences</Trans>}
      saving={save.isPending}
      onSave={(prefs) => save.mutate(prefs)}
    />
  );
}
