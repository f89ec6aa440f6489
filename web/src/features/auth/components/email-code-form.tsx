import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { SubmitButton } from "./submit-button";

/** Digits only, as Auth's emails print them (`{{ .Token }}`, [auth.email] otp_length 6 to 10). */
export const emailCodePattern = /^\d{6,10}$/;

/**
 * The code Auth's emails carry beside the link (issue 32), typed here instead of following it:
 * the way on a phone whose mail is read elsewhere. `verifyOtp` with the email and the code
 * (type signup for a new account's confirmation, email for a sign-in, recovery for a forgotten
 * password); on success the session event takes over as after a password or the link, and the
 * page moves on (recovery's PASSWORD_RECOVERY opens the reset screen).
 */
export function EmailCodeForm({ email, type }: { email: string; type: "signup" | "email" | "recovery" }) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const token = code.replace(/\s/g, "");
    setFieldError(emailCodePattern.test(token) ? undefined : t`Type the digits of the code in the email.`);
    if (!emailCodePattern.test(token)) return;
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.verifyOtp({ email, token, type });
    setBusy(false);
    if (error) setFailure(errorMessage(error));
  };

  return (
    <form onSubmit={verify} noValidate className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField label={t`Or type the code from the email`} error={fieldError}>
        <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      <SubmitButton busy={busy}>
        {type === "signup" ? <Trans>Confirm</Trans> : type === "recovery" ? <Trans>Continue</Trans> : <Trans>Sign in</Trans>}
      </SubmitButton>
    </form>
  );
}
