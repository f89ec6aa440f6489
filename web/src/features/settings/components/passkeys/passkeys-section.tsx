import { Trans, useLingui } from "@lingui/react/macro";
import type { PasskeyListItem } from "@supabase/supabase-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { PasskeyRow } from "./passkey-row";

async function passkeys(): Promise<PasskeyListItem[]> {
  const { data, error } = await supabase.auth.passkey.list();
  if (error) throw error;
  return data;
}

/**
 * Passkeys of this account (decision 0150): add one (the browser's own dialog creates it on this
 * device or a phone), see them with when they were added and last used, remove one. A passkey
 * signs in alone, as a first factor (aal1); an account with a verified two-factor factor manages
 * passkeys only from a session that gave the code — the server says so and the message shows.
 * Each can be renamed (decision 0154) to tell a laptop's from a phone's.
 */
export function PasskeysSection({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const key = ["passkeys", userId];
  const list = useQuery({ queryKey: key, queryFn: passkeys });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const add = async () => {
    setBusy("add");
    setFailure(null);
    const { error } = await supabase.auth.registerPasskey();
    // Closing the browser's dialog is a choice, not a failure worth a red box.
    if (error && error.name !== "NotAllowedError") setFailure(errorMessage(error));
    else if (!error) toast.success(t`Passkey added`);
    setBusy(null);
    await refresh();
  };

  const remove = async (passkey: PasskeyListItem) => {
    setBusy(passkey.id);
    setFailure(null);
    const { error } = await supabase.auth.passkey.delete({ passkeyId: passkey.id });
    if (error) setFailure(errorMessage(error));
    else toast.success(t`Passkey removed`);
    setBusy(null);
    await refresh();
  };

  const rename = async (passkey: PasskeyListItem, friendlyName: string): Promise<boolean> => {
    setBusy(passkey.id);
    setFailure(null);
    const { error } = await supabase.auth.passkey.update({ passkeyId: passkey.id, friendlyName });
    if (error) setFailure(errorMessage(error));
    else toast.success(t`Passkey renamed`);
    setBusy(null);
    await refresh();
    return !error;
  };

  if (list.isPending) return <p className="text-sm text-muted-foreground"><Trans>Loading…</Trans></p>;
  if (list.isError) return <Alert tone="error">{errorMessage(list.error)}</Alert>;
  const rows = list.data;

  return (
    <div className="flex flex-col items-start gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      {rows.length === 0 ? (
        <p className="max-w-prose text-sm">
          <Trans>No passkeys yet. A passkey signs you in with your fingerprint, face or screen lock instead of a password.</Trans>
        </p>
      ) : (
        <ul className="flex w-full flex-col divide-y divide-border rounded-lg border border-border" aria-label={t`Your passkeys`}>
          {rows.map((p) => (
            <PasskeyRow key={p.id} passkey={p} busy={busy !== null} onRename={rename} onRemove={(passkey) => void remove(passkey)} />
          ))}
        </ul>
      )}
      <Button disabled={busy !== null} onClick={() => void add()}>
        <Trans>Add a passkey</Trans>
      </Button>
    </div>
  );
}
