import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useId, useState } from "react";
import { toast } from "sonner";
import { SubscribeLinks } from "@/components/calendar/subscribe-links";
import { Alert } from "@/components/ui/alert";
import { AlertDialogPanel } from "@/components/ui/alert-dialog-panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { calendarFeedUrl, webcalUrl } from "@/lib/calendar-feeds";
import { errorMessage } from "@/lib/errors";
import { calendarTokenKey, calendarTokenOptions, regenerateCalendarToken } from "../api/calendar-token";

/** One address, read-only (select it to copy by hand), with a copy button whose toast confirms. */
function FeedAddress({ label, url }: { label: string; url: string }) {
  const { t } = useLingui();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t`Calendar link copied`);
    } catch {
      toast.error(t`Couldn't copy the link. Select it and copy it yourself.`);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 gap-2">
        <Input id={id} readOnly value={url} className="font-mono text-xs sm:text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()} aria-label={t`Copy: ${label}`}>
          <Copy aria-hidden="true" />
          <span className="hidden sm:inline">
            <Trans>Copy</Trans>
          </span>
        </Button>
      </div>
    </div>
  );
}

function RegenerateLink({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const regenerate = useMutation({
    mutationFn: regenerateCalendarToken,
    onSuccess: (token) => {
      queryClient.setQueryData(calendarTokenKey(userId), token);
      setOpen(false);
      toast.success(t`New calendar link made. Subscribe again with it.`);
    },
  });
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (regenerate.isPending) return;
        setOpen(next);
        regenerate.reset();
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button type="button" variant="outline">
          <Trans>Regenerate link…</Trans>
        </Button>
      </AlertDialog.Trigger>
      <AlertDialogPanel
        title={<Trans>Make a new calendar link?</Trans>}
        description={
          <Trans>
            Your current link stops working at once: calendars subscribed with it stop getting your events. You'll
            need to subscribe again with the new link.
          </Trans>
        }
      >
        {regenerate.isError && <Alert tone="error">{errorMessage(regenerate.error)}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <AlertDialog.Cancel asChild>
            <Button type="button" variant="outline" disabled={regenerate.isPending}>
              <Trans>Keep the current link</Trans>
            </Button>
          </AlertDialog.Cancel>
          <Button type="button" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
            {regenerate.isPending ? <Trans>Making a new link…</Trans> : <Trans>Make a new link</Trans>}
          </Button>
        </div>
      </AlertDialogPanel>
    </AlertDialog.Root>
  );
}

/**
 * Settings → Calendar subscription (decision 0136): the member's personal feed — events they go
 * to, are waitlisted for or host, and their groups' events — to subscribe to in any calendar app.
 */
export function CalendarSubscriptionSection({ userId }: { userId: string }) {
  const { t } = useLingui();
  const token = useQuery(calendarTokenOptions(userId));
  if (token.isPending) {
    return (
      <div role="status" aria-label={t`Loading your calendar link…`}>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (token.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">
          {t`We couldn't load your calendar link.`} {errorMessage(token.error)}
        </Alert>
        <Button variant="outline" onClick={() => void token.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const feed = calendarFeedUrl({ token: token.data });
  return (
    <div className="flex flex-col gap-5">
      <p className="max-w-prose text-sm">
        <Trans>
          Keep this link to yourself: anyone who has it can see the events in your calendar, including members-only
          ones.
        </Trans>
      </p>
      <SubscribeLinks feedUrl={feed} name="Gather" />
      <FeedAddress label={t`Calendar link`} url={feed} />
      <FeedAddress label={t`Calendar link for calendar apps (webcal)`} url={webcalUrl(feed)} />
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-muted-foreground">
          <Trans>Shared it by mistake? A new link makes the current one stop working.</Trans>
        </p>
        <RegenerateLink userId={userId} />
      </div>
    </div>
  );
}
