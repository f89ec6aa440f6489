import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { pushKeyOptions } from "../api/push-api";
import { PushDeviceToggle } from "./push-device-toggle";
import { PushPreferencesForm } from "./push-preferences-form";

/** Settings › Notifications, push part: this device, then which kinds come by push. */
export function PushSettings({ userId }: { userId: string }) {
  // The choices only matter where the server can push at all.
  const configured = useQuery(pushKeyOptions()).data != null;
  return (
    <section aria-labelledby="push-settings-title" className="flex flex-col gap-4 border-t border-border pt-4">
      <h3 id="push-settings-title" className="font-semibold">
        <Trans>Push notifications</Trans>
      </h3>
      <PushDeviceToggle userId={userId} />
      {configured && <PushPreferencesForm userId={userId} />}
    </section>
  );
}
