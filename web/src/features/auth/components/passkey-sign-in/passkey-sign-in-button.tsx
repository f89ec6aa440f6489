import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { passkeysEnabledQuery } from "@/lib/auth/auth-server-settings";

/**
 * "Sign in with a passkey" (decision 0151): the browser offers the passkeys it holds for this
 * site (discoverable credentials, so no email first). On success the session event takes over,
 * as after a password; a passkey is one factor, so an account with two-factor is then asked
 * for its code like any other sign-in. Hidden when the server does not take passkeys.
 */
export function PasskeySignInButton() {
  const enabled = useQuery(passkeysEnabledQuery()).data === true;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!enabled) return null;

  const start = async () => {
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.signInWithPasskey();
    // Closing the browser's dialog is a choice, not a failure worth a red box.
    if (error && error.name !== "NotAllowedError") setFailure(errorMessage(error));
    setBusy(false);
  };

  return (
    <div className="flex flex-col gap-3">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={() => void start()}>
        <Trans>Sign in with a passkey</Trans>
      </Button>
    </div>
  );
}
