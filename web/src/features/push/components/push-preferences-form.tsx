import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Skeleton } from "@/components/ui/skeleton";
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
];

/** Which kinds come by push, on every device where push is on (one choice per member). */
export function PushPreferencesForm({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const saved = useQuery(pushPreferencesOptions(userId));
  const [draft, setDraft] = useState<PushPreferences | null>(null);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  const save = useMutation({
    mutationFn: (prefs: PushPreferences) => savePushPreferences(userId, prefs),
    onSuccess: (prefs) => {
      queryClient.setQueryData(pushKeys.preferences(userId), prefs);
      toast.success(t`Push preferences saved`);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  if (saved.isError) {
    return (
      <Alert tone="error">
        {t`We couldn't load your preferences.`} {errorMessage(saved.error)}
      </Alert>
    );
  }
  if (!draft) {
    return (
      <div role="status" aria-label={t`Loading preferences…`} className="flex flex-col gap-3">
        <Skeleton className="h-5 w-64" />
        <Skeleton className="h-5 w-56" />
      </div>
    );
  }
  const changed = OPTIONS.some(({ key }) => draft[key] !== saved.data?.[key]);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-sm font-semibold">
          <Trans>What comes by push</Trans>
        </legend>
        {OPTIONS.map(({ key, label, hint }) => (
          <CheckboxField
            key={key}
            label={t(label)}
            hint={t(hint)}
            checked={draft[key]}
            onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
          />
        ))}
      </fieldset>
      <p className="text-sm text-muted-foreground">
        <Trans>News about events you host (requests to join, comments) follows your choices for host news.</Trans>
      </p>
      <div>
        <Button type="submit" variant="outline" disabled={save.isPending || !changed}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save push preferences</Trans>}
        </Button>
      </div>
    </form>
  );
}
