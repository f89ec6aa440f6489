import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { defaultCountry, fromE164, PhoneNumberField, toE164 } from "@/components/phone-number-field";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";

/**
 * The account's phone number (decision 0153), for signing in by text message: checked as E.164
 * before sending; `updateUser({ phone })` texts a code to the new number (`phone_change`), or
 * changes it at once when the server does not confirm numbers (`[auth.sms] enable_confirmations`
 * off, GoTrue's autoconfirm).
 */
export function PhoneNumberSection() {
  const { t } = useLingui();
  const { user } = useSession();
  const current = user?.phone ? `+${user.phone.replace(/^\+/, "")}` : null;
  const [number, setNumber] = useState(() => fromE164(current ?? undefined, defaultCountry(navigator.languages ?? [navigator.language])));
  const [numberError, setNumberError] = useState<string | undefined>(undefined);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const phone = toE164(number);
    setNumberError(phone ? undefined : t`This isn't a valid number for the country chosen. Check the country and the digits.`);
    if (!phone) return;
    if (phone === current) return toast.info(t`That is already your number.`);
    setBusy(true);
    setFailure(null);
    const { data, error } = await supabase.auth.updateUser({ phone });
    setBusy(false);
    if (error) return setFailure(errorMessage(error));
    if (data.user.phone && `+${data.user.phone.replace(/^\+/, "")}` === phone) toast.success(t`Phone number saved`);
    else setSentTo(phone);
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.verifyOtp({ phone: sentTo, token: code.replace(/\s+/g, ""), type: "phone_change" });
    setBusy(false);
    if (error) return setFailure(errorMessage(error));
    setSentTo(null);
    setCode("");
    toast.success(t`Phone number saved`);
  };

  if (sentTo) {
    return (
      <form onSubmit={(e) => void confirm(e)} noValidate className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <p role="status" className="text-sm">
          <Trans>We texted a code to {sentTo}. Enter it to confirm the number.</Trans>
        </p>
        <FormField label={t`Code from the text message`}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            <Trans>Confirm number</Trans>
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => { setSentTo(null); setCode(""); setFailure(null); }}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <p className="text-sm">
        {current ? <Trans>Your number is {current}.</Trans> : <Trans>No phone number yet. With one, you can sign in with a code by text message.</Trans>}
      </p>
      <PhoneNumberField value={number} onChange={setNumber} error={numberError} label={current ? t`New phone number` : t`Phone number`} disabled={busy} />
      <Button type="submit" className="self-start" disabled={busy}>
        {current ? <Trans>Change number</Trans> : <Trans>Add number</Trans>}
      </Button>
    </form>
  );
}
