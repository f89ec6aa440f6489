import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";

/**
 * A security key (WebAuthn factor): the browser's dialog asks for the key or the device's
 * screen lock; the signed answer raises the session. Not started by itself: browsers want a click.
 */
export function SecurityKeyPrompt({ factorId, name }: { factorId: string; name: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const authenticate = async () => {
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.mfa.webauthn.authenticate({ factorId });
    setBusy(false);
    if (!error) return;
    setFailure(error.name === "NotAllowedError" ? t`The browser's dialog was closed or timed out. Try again.` : errorMessage(error));
  };

  return (
    <div className="flex flex-col gap-3">
      {failure && <Alert tone="error">{failure}</Alert>}
      {busy && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin motion-reduce:animate-none" />
          <Trans>Follow your browser: insert and touch the key, or use this device's screen lock.</Trans>
        </p>
      )}
      <Button onClick={() => void authenticate()} disabled={busy}>
        <Trans>Use security key "{name}"</Trans>
      </Button>
    </div>
  );
}
