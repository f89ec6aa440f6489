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

const OPTIONS: { key: keyof NotificationPreferences; label: string; hint: string }[] = [
  { key: "email_reminders", label: "Event reminders", hint: "An email 24 hours and 1 hour before events you're going to." },
  { key: "email_rsvp_updates", label: "RSVP updates", hint: "When you move up from the waitlist, a host approves or declines you, or an event is cancelled." },
  { key: "email_host_messages", label: "Messages from hosts", hint: "What hosts send to everyone going to their event." },
  { key: "email_rsvp_requests", label: "Requests to join my events", hint: "When someone asks to join an event you host that needs approval." },
];

export function NotificationPreferencesForm({ userId }: { userId: string }) {
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
      toast.success("Notification preferences saved");
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  if (saved.isError) return <Alert tone="error">We couldn't load your preferences. {errorMessage(saved.error)}</Alert>;
  if (!draft) {
    return (
      <div role="status" aria-label="Loading preferences…" className="flex flex-col gap-3">
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
        <legend className="sr-only">Emails we send you</legend>
        {OPTIONS.map(({ key, label, hint }) => (
          <CheckboxField
            key={key}
            label={label}
            hint={hint}
            checked={draft[key]}
            onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
          />
        ))}
      </fieldset>
      <p className="text-sm text-muted-foreground">Emails about your account (sign-in links, password and email changes) are always sent.</p>
      <div>
        <Button type="submit" disabled={save.isPending || !changed}>
          {save.isPending ? "Saving…" : "Save preferences"}
        </Button>
      </div>
    </form>
  );
}
