import { Trans, useLingui } from "@lingui/react/macro";
import type { Factor } from "@supabase/supabase-js";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/auth/session-context";
import { supabase } from "@/lib/supabase";
import { PhoneCodeForm } from "./phone-code-form";
import { SecurityKeyPrompt } from "./security-key-prompt";
import { TotpCodeForm } from "./totp-code-form";

type VerifiedFactor = Factor & { phone?: string };

// The authenticator app first (no text to pay for, no device to fetch), then keys, then texts.
const ORDER: Record<string, number> = { totp: 0, webauthn: 1, phone: 2 };

/**
 * The second step of sign-in (decisions 0147, 0152): every verified factor of the account is
 * offered — an authenticator app's code, a security key, a code by text message — one at a time,
 * with the others as "another way". Any of them raises the session to aal2 and the page moves on.
 */
export function SecondFactorStep() {
  const { t } = useLingui();
  const { halfSession } = useSession();
  const factors = ((halfSession?.user.factors ?? []) as VerifiedFactor[])
    .filter((f) => f.status === "verified" && f.factor_type in ORDER)
    .sort((a, b) => ORDER[a.factor_type]! - ORDER[b.factor_type]! || a.created_at.localeCompare(b.created_at));
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = factors.find((f) => f.id === chosenId) ?? factors[0];

  const endingOf = (f: VerifiedFactor) => (f.phone ?? f.friendly_name ?? "").replace(/\D/g, "").slice(-4);
  const otherWay = (f: VerifiedFactor) => {
    const name = f.friendly_name ?? "";
    const ending = endingOf(f);
    if (f.factor_type === "totp") return t`Use your authenticator app instead`;
    if (f.factor_type === "webauthn") return t`Use security key "${name}" instead`;
    return t`Text a code to the number ending in ${ending} instead`;
  };

  return (
    <div className="flex flex-col gap-4">
      {!chosen ? (
        <Alert tone="error">
          <Trans>This account needs a kind of second factor this app cannot ask for yet.</Trans>
        </Alert>
      ) : chosen.factor_type === "totp" ? (
        <TotpCodeForm key={chosen.id} factorId={chosen.id} />
      ) : chosen.factor_type === "webauthn" ? (
        <SecurityKeyPrompt key={chosen.id} factorId={chosen.id} name={chosen.friendly_name ?? ""} />
      ) : (
        <PhoneCodeForm key={chosen.id} factorId={chosen.id} ending={endingOf(chosen)} />
      )}
      {factors.length > 1 && (
        <div className="flex flex-col items-start gap-1 border-t border-border pt-3">
          <p className="text-sm text-muted-foreground">
            <Trans>Another way:</Trans>
          </p>
          {factors
            .filter((f) => f.id !== chosen?.id)
            .map((f) => (
              <Button key={f.id} type="button" variant="link" className="h-auto px-0 text-start" onClick={() => setChosenId(f.id)}>
                {otherWay(f)}
              </Button>
            ))}
        </div>
      )}
      {/* This session only: a password alone does not sign the member out of their other devices. */}
      <Button type="button" variant="link" className="self-start px-0" onClick={() => void supabase.auth.signOut({ scope: "local" })}>
        <Trans>Use another account</Trans>
      </Button>
    </div>
  );
}
