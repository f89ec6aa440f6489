import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorCode, errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { SubmitButton } from "../submit-button";

/**
 * The 6-digit code of an authenticator app: it raises the session to aal2
 * (MFA_CHALLENGE_VERIFIED), and the sign-in page moves on by itself.
 */
export function TotpCodeForm({ factorId }: { factorId: string }) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setFailure(t`Enter the 6-digit code from your authenticator app.`);
      return;
    }
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: digits });
    setBusy(false);
    if (!error) return;
    setFailure(errorCode(error) === "mfa_verification_failed" ? t`That code is wrong or has expired. Try the newest one.` : errorMessage(error));
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <FormField label={t`Code from your authenticator app`} error={failure ?? undefined}>
        <Input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      <SubmitButton busy={busy}>
        <Trans>Verify</Trans>
      </SubmitButton>
    </form>
  );
}
