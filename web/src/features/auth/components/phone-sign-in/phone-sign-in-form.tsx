import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { defaultCountry, PhoneNumberField, toE164 } from "@/components/phone-number-field";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { SubmitButton } from "../submit-button";

/**
 * Sign in (or sign up) with a phone number (decisions 0151, 0153: a country picker, E.164 checked
 * before sending): the server texts a code
 * (`signInWithOtp({ phone })`), the member types it (`verifyOtp` type sms). On success the
 * session event takes over as after a password; with two-factor the code step follows.
 */
export function PhoneSignInForm() {
  const { t } = useLingui();
  const [phone, setPhone] = useState(() => ({ country: defaultCountry(navigator.languages ?? [navigator.language]), number: "" }));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const number = toE164(phone);
    setFieldError(number ? undefined : t`This isn't a valid number for the country chosen. Check the country and the digits.`);
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
      <PhoneNumberField value={phone} onChange={setPhone} error={fieldError} />
      <SubmitButton busy={busy}>
        <Trans>Text me a code</Trans>
      </SubmitButton>
    </form>
  );
}
