import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useSession } from "@/lib/auth/session-context";
import { errorCode, errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { SubmitButton } from "./submit-button";

/**
 * The second step of sign-in for an account with an authenticator app: the 6-digit code raises
 * the session to aal2 (MFA_CHALLENGE_VERIFIED), and the page moves on by itself.
 */
export function SecondFactorForm() {
  const { t } = useLingui();
  const { session } = useSession();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const factor = session?.user.factors?.find((f) => f.status === "verified" && f.factor_type === "totp");

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setFailure(t`Enter the 6-digit code from your authenticator app.`);
      return;
    }
    if (!factor) return;
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: digits });
    setBusy(false);
    if (!error) return;
    setFailure(errorCode(error) === "mfa_verification_failed" ? t`That code is wrong or has expired. Try the newest one.` : errorMessage(error));
  };

  if (!factor) {
    return (
      <Alert tone="error">
        <Trans>This account needs a kind of second factor this app cannot ask for yet.</Trans>
      </Alert>
    );
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <FormField label={t`Code from your authenticator app`} error={failure ?? undefined}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      <SubmitButton busy={busy}>
        <Trans>Verify</Trans>
      </SubmitButton>
      <Button type="button" variant="link" className="self-start px-0" onClick={() => void supabase.auth.signOut()}>
        <Trans>Use another account</Trans>
      </Button>
    </form>
  );
}
