import { Trans, useLingui } from "@lingui/react/macro";
import type { Provider, UserIdentity } from "@supabase/supabase-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { providerLabel } from "@/lib/auth/auth-providers";
import { authProvidersQuery } from "@/lib/auth/auth-server-settings";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";

async function identities(): Promise<UserIdentity[]> {
  const { data, error } = await supabase.auth.getUserIdentities();
  if (error) throw error;
  return data.identities;
}

/**
 * The ways this member signs in: email and password, and each provider account linked to
 * Gather (GoTrue identities). Another provider is linked by signing in there (linkIdentity
 * leaves for the provider and comes back to /settings); one is unlinked only while another
 * way to sign in remains — the server refuses the last one too (single_identity_not_deletable).
 */
export function ConnectedAccounts({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const key = ["identities", userId];
  const linked = useQuery({ queryKey: key, queryFn: identities });
  const providers = useQuery(authProvidersQuery());
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const connect = async (provider: string) => {
    setBusy(provider);
    setFailure(null);
    const { error } = await supabase.auth.linkIdentity({ provider: provider as Provider, options: { redirectTo: `${window.location.origin}/settings` } });
    if (error) {
      setBusy(null);
      setFailure(errorMessage(error));
    }
  };

  const disconnect = async (identity: UserIdentity) => {
    setBusy(identity.identity_id);
    setFailure(null);
    const { error } = await supabase.auth.unlinkIdentity(identity);
    if (!error) {
      // The session's user (app_metadata.providers, the email) changes with the identities.
      await supabase.auth.refreshSession();
      const provider = identity.provider === "email" ? t`Email and password` : providerLabel(identity.provider);
      toast.success(t`${provider} is disconnected`);
    } else setFailure(errorMessage(error));
    setBusy(null);
    await queryClient.invalidateQueries({ queryKey: key });
  };

  if (linked.isPending) return <p className="text-sm text-muted-foreground"><Trans>Loading…</Trans></p>;
  if (linked.isError) return <Alert tone="error">{errorMessage(linked.error)}</Alert>;
  const rows = linked.data;
  const have = new Set(rows.map((i) => i.provider));
  const more = (providers.data ?? []).filter((p) => !have.has(p.id));

  return (
    <div className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label={t`Connected accounts`}>
        {rows.map((i) => {
          const name = i.provider === "email" ? t`Email and password` : providerLabel(i.provider);
          const detail = typeof i.identity_data?.email === "string" ? i.identity_data.email : "";
          return (
            <li key={i.identity_id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-medium">{name}</p>
                {detail && <p className="truncate text-sm text-muted-foreground">{detail}</p>}
              </div>
              {rows.length > 1 && (
                <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => void disconnect(i)} aria-label={t`Disconnect ${name}`}>
                  <Trans>Disconnect</Trans>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {rows.length === 1 && (
        <p className="text-sm text-muted-foreground">
          <Trans>This is your only way to sign in, so it can't be disconnected.</Trans>
        </p>
      )}
      {more.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {more.map(({ id, label }) => (
            <Button key={id} variant="outline" disabled={busy !== null} onClick={() => void connect(id)}>
              <Trans>Connect {label}</Trans>
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
