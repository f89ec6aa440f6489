import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CONVERSATION_OPTIONS } from "@/components/preferences/conversation-options";
import { PreferencesChecklist } from "@/components/preferences/preferences-checklist";
import { errorMessage } from "@/lib/errors";
import { pushKeys, pushPreferencesOptions, savePushPreferences, type PushPreferences } from "../api/push-api";

const OPTIONS: { key: keyof PushPreferences; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { key: "push_reminders", label: msg`Event reminders`, hint: msg`24 hours and 1 hour before events you're going to.` },
  {
    key: "push_rsvp_updates",
    label: msg`RSVP updates`,
    hint: msg`When you move up from the waitlist, a host approves or declines you, or an event is moved or cancelled.`,
  },
  { key: "push_host_messages", label: msg`Messages from hosts`, hint: msg`What hosts and organizers send to everyone going or in the group.` },
  { key: "push_group_events", label: msg`New events in my groups`, hint: msg`For groups whose new-event alerts are on.` },
  ...CONVERSATION_OPTIONS,
];

/** Which kinds come by push, on every device where push is on (one choice per member). */
export function PushPreferencesForm({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const saved = useQuery(pushPreferencesOptions(userId));
  const save = useMutation({
    mutationFn: (prefs: PushPreferences) => savePushPreferences(userId, prefs),
    onSuccess: (prefs) => {
      queryClient.setQueryData(pushKeys.preferences(userId), prefs);
      toast.success(t`Push preferences saved`);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <PreferencesChecklist
      saved={saved}
      options={OPTIONS.map(({ key, label, hint }) => ({ key, label: t(label), hint: t(hint) }))}
      legend={<Trans>What comes by push</Trans>}
      note={<Trans>News about events you host (requests to join, comments) follows your choices for host news.</Trans>}
      submitLabel={<Trans>Save push preferences</Trans>}
      submitVariant="outline"
      saving={save.isPending}
      onSave={(prefs) => save.mutate(prefs)}
    />
  );
}
