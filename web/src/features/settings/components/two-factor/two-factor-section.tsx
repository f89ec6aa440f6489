import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { TotpEnrollment } from "./totp-enrollment";

async function factors() {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data;
}

/**
 * Two-factor authentication with an authenticator app (TOTP): on or off. Once on, sign-in asks
 * for a code, and an admin's powers need it too (decisions 0145, 0147). Turning it off needs a
 * session that gave the code (the server answers insufficient_aal otherwise).
 */
export function TwoFactorSection({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const key = ["mfa-factors", userId];
  const list = useQuery({ queryKey: key, queryFn: factors });
  const [enrolling, setEnrolling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  if (list.isPending) return <p className="text-sm text-muted-foreground"><Trans>Loading…</Trans></p>;
  if (list.isError) return <Alert tone="error">{errorMessage(list.error)}</Alert>;
  const active = list.data.totp[0];

  const turnOff = async () => {
    if (!active) return;
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.mfa.unenroll({ factorId: active.id });
    if (error) setFailure(errorMessage(error));
    else {
      // The server drops the session back to aal1; a fresh token says so (and lists no factor).
      await supabase.auth.refreshSession();
      toast.success(t`Two-factor authentication is off`);
    }
    setBusy(false);
    await refresh();
  };

  if (enrolling) {
    return (
      <TotpEnrollment
        onDone={async (enabled) => {
          setEnrolling(false);
          if (enabled) toast.success(t`Two-factor authentication is on`);
          await refresh();
        }}
      />
    );
  }
  return (
    <div className="flex flex-col items-start gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      {active ? (
        <>
          <p className="max-w-prose text-sm">
            <Trans>On. When you sign in, Gather asks for a code from your authenticator app.</Trans>
          </p>
          <Button variant="outline" disabled={busy} onClick={() => void turnOff()}>
            <Trans>Turn off two-factor authentication</Trans>
          </Button>
        </>
      ) : (
        <>
          <p className="max-w-prose text-sm">
            <Trans>Off. Add a code from an authenticator app to your sign-in, so a password alone is not enough.</Trans>
          </p>
          <Button onClick={() => setEnrolling(true)}>
            <Trans>Set up two-factor authentication</Trans>
          </Button>
        </>
      )}
    </div>
  );
}
