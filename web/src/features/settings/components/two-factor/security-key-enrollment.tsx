import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { removeUnfinished } from "./factors-api";

/**
 * Adds a security key (a WebAuthn factor, decision 0152): a name to tell keys apart, then the
 * browser's own dialog (touch the key, or use this device's screen lock). supabase-js enrolls,
 * asks the authenticator and verifies in one call; the session becomes aal2.
 */
export function SecurityKeyEnrollment({ defaultName, onDone }: { defaultName: string; onDone: (added: boolean) => Promise<void> }) {
  const { t } = useLingui();
  const [name, setName] = useState(defaultName);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const friendlyName = name.trim();
    setNameError(friendlyName ? undefined : t`Give the key a name, like "Blue YubiKey".`);
    if (!friendlyName) return;
    setBusy(true);
    setFailure(null);
    await removeUnfinished("webauthn");
    const { error } = await supabase.auth.mfa.webauthn.register({ friendlyName });
    setBusy(false);
    if (!error) return onDone(true);
    // Closing the browser's dialog (or letting it time out) is a choice, not a fault.
    setFailure(error.name === "NotAllowedError" ? t`Nothing was added: the browser's dialog was closed or timed out.` : errorMessage(error));
  };

  return (
    <form onSubmit={(e) => void add(e)} noValidate className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField label={t`Name of the security key`} error={nameError} hint={t`Shown in this list, to tell your keys apart.`}>
        <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} disabled={busy} />
      </FormField>
      {busy && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin motion-reduce:animate-none" /> <Trans>Follow your browser: insert and touch the key, or use this device's screen lock.</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          <Trans>Add security key</Trans>
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => void onDone(false)}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
