import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { usePushDevice, type PushDeviceState } from "../hooks/use-push-device";
import { pushErrorMessage } from "./push-errors";

/** Push on this device: what it is now, and the one button that changes it. */
export function PushDeviceToggle({ userId }: { userId: string }) {
  const { t } = useLingui();
  const { state, enable, disable } = usePushDevice(userId);
  const busy = enable.isPending || disable.isPending;

  if (state.isPending) {
    return (
      <div role="status" aria-label={t`Checking notifications on this device…`}>
        <Skeleton className="h-9 w-64" />
      </div>
    );
  }
  if (state.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">
          {t`We couldn't check notifications on this device.`} {errorMessage(state.error)}
        </Alert>
        <Button variant="outline" onClick={() => void state.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const now: PushDeviceState = state.data;
  const turnOn = () =>
    enable.mutate(undefined, {
      onSuccess: (next) => {
        if (next === "on") toast.success(t`Notifications are on for this device.`);
        else if (next === "blocked") toast.error(t`Notifications are blocked for this site in your browser.`);
      },
      onError: (e) => toast.error(pushErrorMessage(e)),
    });
  const turnOff = () =>
    disable.mutate(undefined, {
      onSuccess: () => toast.success(t`Notifications are off for this device.`),
      onError: (e) => toast.error(errorMessage(e)),
    });

  return (
    <div className="flex flex-col gap-3" data-testid="push-device" data-state={now}>
      <p className="text-sm">
        {now === "on" && <Trans>This device gets notifications, even when Gather is closed.</Trans>}
        {now === "off" && <Trans>Get reminders and news from your events on this device, even when Gather is closed.</Trans>}
        {now === "blocked" && (
          <Trans>Notifications are blocked for this site. Allow them in your browser's site settings, then come back here.</Trans>
        )}
        {now === "unsupported" && (
          <Trans>This browser can't show notifications from Gather. On an iPhone or iPad, add Gather to your home screen first.</Trans>
        )}
        {now === "no_worker" && <Trans>Notifications need Gather's offline support, which this window doesn't have. Try a regular window.</Trans>}
        {now === "not_configured" && <Trans>Push notifications are not set up on this server.</Trans>}
      </p>
      {(now === "on" || now === "off") && (
        <div>
          {now === "on" ? (
            <Button variant="outline" onClick={turnOff} disabled={busy}>
              {disable.isPending ? <Trans>Turning off…</Trans> : <Trans>Turn off on this device</Trans>}
            </Button>
          ) : (
            <Button onClick={turnOn} disabled={busy}>
              {enable.isPending ? <Trans>Turning on…</Trans> : <Trans>Turn on notifications</Trans>}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
