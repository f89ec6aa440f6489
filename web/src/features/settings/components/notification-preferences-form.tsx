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
  { key: "weekly_picks", label: msg`Weekly picks`, hint: msg`On Mondays, up to five upcoming events picked for you, each with why. Every one has a link to unsubscribe in one click.` },
];

export function NotificationPreferencesForm({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const saved = useQuery(preferencesOptions(userId));
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);

  const save = useMutation({
    mutationFn: (prefs: NotificationPreferences) => savePreferences(userId, prefs),
    onSuccess: (prefs) => {
      queryClient.setQueryData(preferencesKey(userId), prefs);
      toast.success(t`Notification preferences saved`);
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
        <Skeleton className="h-5 w-60" />
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
        <legend className="sr-only">
          <Trans>Emails we send you</Trans>
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
        <Trans>Emails about your account (sign-in links, password and email changes) are always sent.</Trans>
      </p>
      <div>
        <Button type="submit" disabled={save.isPending || !changed}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save preferences</Trans>}
        </Button>
      </div>
    </form>
  );
}
