import { Trans, useLingui } from "@lingui/react/macro";
import type { PasskeyListItem } from "@supabase/supabase-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";

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
 */
export function PasskeysSection({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const key = ["passkeys", userId];
  const list = useQuery({ queryKey: key, queryFn: passkeys });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" }).format(new Date(iso));

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
          {rows.map((p) => {
            const name = p.friendly_name || t`Passkey`;
            const added = date(p.created_at);
            const used = p.last_used_at ? date(p.last_used_at) : null;
            return (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium">{name}</p>
                  <p className="text-sm text-muted-foreground">
                    {used ? <Trans>Added {added} · last used {used}</Trans> : <Trans>Added {added} · not used yet</Trans>}
                  </p>
                </div>
                <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => void remove(p)} aria-label={t`Remove passkey ${name} added ${added}`}>
                  <Trans>Remove</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Button disabled={busy !== null} onClick={() => void add()}>
        <Trans>Add a passkey</Trans>
      </Button>
    </div>
  );
}
