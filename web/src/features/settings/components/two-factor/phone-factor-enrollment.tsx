import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { defaultCountry, fromE164, PhoneNumberField, toE164 } from "@/components/phone-number-field";
import { errorCode, errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { removeUnfinished } from "./factors-api";

type Pending = { factorId: string; challengeId: string; phone: string };

/**
 * Adds a phone as a second factor (decision 0152): the number (checked as E.164 before anything
 * is sent), a code by text message, then that code verifies the factor and this session is aal2.
 * The factor is named by its number, since the server wants a distinct name per factor.
 */
export function PhoneFactorEnrollment({ accountPhone, onDone }: { accountPhone?: string; onDone: (added: boolean) => Promise<void> }) {
  const { t } = useLingui();
  // The account's own number, if it has one, is the likely choice.
  const [number, setNumber] = useState(() => fromE164(accountPhone || undefined, defaultCountry(navigator.languages ?? [navigator.language])));
  const [numberError, setNumberError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const text = async (factorId: string, phone: string) => {
    const { data, error } = await supabase.auth.mfa.challenge({ factorId, channel: "sms" });
    if (error) throw error;
    setPending({ factorId, challengeId: data.id, phone });
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const phone = toE164(number);
    setNumberError(phone ? undefined : t`This isn't a valid number for the country chosen. Check the country and the digits.`);
    if (!phone) return;
    setBusy(true);
    setFailure(null);
    try {
      await removeUnfinished("phone");
      const { data, error } = await supabase.auth.mfa.enroll({ factorType: "phone", phone, friendlyName: phone });
      if (error) throw error;
      await text(data.id, phone);
    } catch (err) {
      setFailure(errorMessage(err));
    }
    setBusy(false);
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    const digits = code.replace(/\s+/g, "");
    setCodeError(/^\d{4,10}$/.test(digits) ? undefined : t`Enter the code from the text message.`);
    if (!/^\d{4,10}$/.test(digits)) return;
    setBusy(true);
    const { error } = await supabase.auth.mfa.verify({ factorId: pending.factorId, challengeId: pending.challengeId, code: digits });
    setBusy(false);
    if (!error) return onDone(true);
    setCodeError(errorCode(error) === "mfa_verification_failed" ? t`That code is wrong or has expired. Ask for a new one.` : errorMessage(error));
  };

  const resend = async () => {
    if (!pending) return;
    setBusy(true);
    setCodeError(undefined);
    try {
      await text(pending.factorId, pending.phone);
    } catch (err) {
      setCodeError(errorMessage(err));
    }
    setBusy(false);
  };

  const cancel = async () => {
    if (pending) await supabase.auth.mfa.unenroll({ factorId: pending.factorId });
    await onDone(false);
  };

  if (pending) {
    const sentTo = pending.phone;
    return (
      <form onSubmit={(e) => void confirm(e)} noValidate className="flex flex-col gap-4">
        <p role="status" className="text-sm">
          <Trans>We texted a code to {sentTo}.</Trans>
        </p>
        <FormField label={t`Code from the text message`} error={codeError}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            <Trans>Turn on</Trans>
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => void resend()}>
            <Trans>Send a new code</Trans>
          </Button>
          <Button type="button" variant="outline" onClick={() => void cancel()}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form onSubmit={(e) => void send(e)} noValidate className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <PhoneNumberField value={number} onChange={setNumber} error={numberError} label={t`Mobile number for codes`} disabled={busy} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          <Trans>Text me a code</Trans>
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => void onDone(false)}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
