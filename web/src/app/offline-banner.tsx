import { useLingui } from "@lingui/react/macro";
import { WifiOff } from "lucide-react";
import { useOnlineStatus } from "@/lib/use-online-status";

/** Says so while the connection is down; TanStack Query retries by itself once it is back. */
export function OfflineBanner() {
  const { t } = useLingui();
  const online = useOnlineStatus();
  return (
    // The live region stays mounted so screen readers announce the change.
    <div aria-live="polite">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950">
          <WifiOff aria-hidden="true" className="size-4" />
          {t`You're offline. We'll reconnect and refresh as soon as you're back.`}
        </p>
      )}
    </div>
  );
}
