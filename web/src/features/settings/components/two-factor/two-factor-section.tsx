import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { enrollableFactorKindsQuery } from "@/lib/auth/auth-server-settings";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { freeName, removeFactor, verifiedFactors, type SecondFactor } from "./factors-api";
import { FactorList, useFactorDescription } from "./factor-list";
import { SecurityKeyEnrollment } from "./security-key-enrollment";
import { TotpEnrollment } from "./totp-enrollment";

type Adding = "totp" | "webauthn" | "phone" | null;

// Its own chunk with the country picker's number rules (decision 0153), loaded when asked for.
const PhoneFactorEnrollment = lazy(() => import("./phone-factor-enrollment").then((m) => ({ default: m.PhoneFactorEnrollment })));

/**
 * Two-factor authentication (decisions 0147, 0152): the account's second factors — an
 * authenticator app, security keys, a phone for text codes — each kind offered when the server
 * takes it. With one, sign-in asks for it, and an admin's powers need it (decision 0145).
 * Adding another or removing one needs a session that gave one (the server says insufficient_aal).
 */
export function TwoFactorSection({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const describe = useFactorDescription();
  const key = ["mfa-factors", userId];
  const list = useQuery({ queryKey: key, queryFn: verifiedFactors });
  const kinds = useQuery(enrollableFactorKindsQuery()).data ?? { totp: true, phone: false, webauthn: false };
  const [adding, setAdding] = useState<Adding>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  if (list.isPending) return <p className="text-sm text-muted-foreground"><Trans>Loading…</Trans></p>;
  if (list.isError) return <Alert tone="error">{errorMessage(list.error)}</Alert>;
  const factors = list.data;
  const hasTotp = factors.some((f) => f.factor_type === "totp");

  const finish = async (added: boolean, message: string) => {
    setAdding(null);
    if (added) toast.success(message);
    await refresh();
  };

  const remove = async (remove: SecondFactor[], message: string) => {
    setBusy(true);
    setFailure(null);
    try {
      for (const f of remove) await removeFactor(f.id);
      toast.success(message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
    setBusy(false);
    await refresh();
  };

  if (adding === "totp") return <TotpEnrollment onDone={(added) => finish(added, t`Authenticator app added`)} />;
  if (adding === "webauthn") {
    const names = factors.map((f) => f.friendly_name ?? "");
    return <SecurityKeyEnrollment defaultName={freeName(t`Security key`, names)} onDone={(added) => finish(added, t`Security key added`)} />;
  }
  if (adding === "phone") {
    return (
      <Suspense fallback={<p className="text-sm text-muted-foreground"><Trans>Loading…</Trans></p>}>
        <PhoneFactorEnrollment accountPhone={user?.phone} onDone={(added) => finish(added, t`Phone added for sign-in codes`)} />
      </Suspense>
    );
  }

  return (
    <div className="flex flex-col items-start gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      {factors.length > 0 ? (
        <>
          <p className="max-w-prose text-sm">
            <Trans>On. When you sign in, Gather asks for one of these after your password, link or passkey.</Trans>
          </p>
          <FactorList
            factors={factors}
            busy={busy}
            onRemove={(f) => {
              const name = describe(f);
              void remove([f], factors.length === 1 ? t`Two-factor authentication is off` : t`${name} removed`);
            }}
          />
        </>
      ) : (
        <p className="max-w-prose text-sm">
          <Trans>Off. Add a second step to your sign-in, so a password alone is not enough.</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {kinds.totp && !hasTotp && (
          <Button variant={factors.length ? "outline" : "default"} disabled={busy} onClick={() => setAdding("totp")}>
            {factors.length ? <Trans>Add an authenticator app</Trans> : <Trans>Set up two-factor authentication</Trans>}
          </Button>
        )}
        {kinds.webauthn && (
          <Button variant="outline" disabled={busy} onClick={() => setAdding("webauthn")}>
            <Trans>Add a security key</Trans>
          </Button>
        )}
        {kinds.phone && (
          <Button variant="outline" disabled={busy} onClick={() => setAdding("phone")}>
            <Trans>Add a phone for text codes</Trans>
          </Button>
        )}
        {factors.length > 0 && (
          <Button variant="outline" disabled={busy} onClick={() => void remove(factors, t`Two-factor authentication is off`)}>
            <Trans>Turn off two-factor authentication</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}
