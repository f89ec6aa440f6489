import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/auth/session-context";
import { usePushDevice } from "../hooks/use-push-device";
import { pushSupported } from "../push-support";
import { pushErrorMessage } from "./push-errors";

const DISMISSED = "gather.push-offer-dismissed";

function dismissedHere(): boolean {
  try {
    return localStorage.getItem(DISMISSED) === "1";
  } catch {
    return false;
  }
}

/**
 * The moment to ask (decision 0338): right after an RSVP, when a reminder is worth having. Shown
 * once per device until the member says yes or "Not now"; never where the browser was already
 * asked, push is on, or the server cannot push.
 */
export function PushOffer() {
  const { user } = useSession();
  const [dismissed, setDismissed] = useState(dismissedHere);
  if (!user || dismissed || !pushSupported() || Notification.permission !== "default") return null;
  return <Offer userId={user.id} onDone={() => setDismissed(true)} />;
}

function Offer({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useLingui();
  const { state, enable } = usePushDevice(userId);
  if (state.data !== "off") return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED, "1");
    } catch {
      // Private mode: asked again next time.
    }
    onDone();
  };
  return (
    <div role="group" aria-labelledby="push-offer-text" className="flex flex-col gap-2 rounded-md border border-border p-3">
      <p id="push-offer-text" className="text-sm">
        <Trans>Get a reminder on this device before it starts?</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={enable.isPending}
          onClick={() =>
            enable.mutate(undefined, {
              onSuccess: (next) => {
                if (next === "on") toast.success(t`Notifications are on for this device.`);
                dismiss();
              },
              onError: (e) => toast.error(pushErrorMessage(e)),
            })
          }
        >
          {enable.isPending ? <Trans>Turning on…</Trans> : <Trans>Turn on notifications</Trans>}
        </Button>
        <Button size="sm" variant="ghost" onClick={dismiss} disabled={enable.isPending}>
          <Trans>Not now</Trans>
        </Button>
      </div>
    </div>
  );
}
