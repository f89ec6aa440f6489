import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { SubmitButton } from "../submit-button";

/** "+351 912 345 678" → "+351912345678"; anything that is not an international number → null. */
export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/**
 * Sign in (or sign up) with a phone number (decision 0152): the server texts a code
 * (`signInWithOtp({ phone })`), the member types it (`verifyOtp` type sms). On success the
 * session event takes over as after a password; with two-factor the code step follows.
 */
export function PhoneSignInForm() {
  const { t } = useLingui();
  const [phone, setPhone] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const number = normalisePhone(phone);
    setFieldError(number ? undefined : t`Enter the number with its country code, like +351 912 345 678.`);
    if (!number) return;
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.signInWithOtp({ phone: number });
    setBusy(false);
    if (error) setFailure(errorMessage(error));
    else setSentTo(number);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.verifyOtp({ phone: sentTo, token: code.trim(), type: "sms" });
    setBusy(false);
    if (error) setFailure(errorMessage(error));
  };

  if (sentTo) {
    return (
      <form onSubmit={verify} noValidate className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <p className="text-sm" role="status">
          <Trans>We texted a code to {sentTo}.</Trans>
        </p>
        <FormField label={t`Code from the text message`}>
          <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <SubmitButton busy={busy}>
          <Trans>Sign in</Trans>
        </SubmitButton>
        <Button type="button" variant="link" className="self-start px-0" onClick={() => { setSentTo(null); setCode(""); setFailure(null); }}>
          <Trans>Use another number</Trans>
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField label={t`Phone number`} error={fieldError}>
        <Input type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      </FormField>
      <SubmitButton busy={busy}>
        <Trans>Text me a code</Trans>
      </SubmitButton>
    </form>
  );
}
