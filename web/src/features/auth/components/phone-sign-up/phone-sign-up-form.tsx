import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { defaultCountry, PhoneNumberField, toE164 } from "@/components/phone-number-field";
import { errorMessage } from "@/lib/errors";
import { memberLocale } from "@/lib/i18n";
import { supabase } from "@/lib/supabase";
import { phoneSignUpSchema, type PhoneSignUpValues } from "../../auth-schemas";
import { SubmitButton } from "../submit-button";

/**
 * Sign-up with a phone number and a password (decision 0153): the number is picked by country
 * and checked as E.164 before sending; `signUp({ phone, password })` signs in at once when the
 * server does not confirm numbers, else texts a code (`verifyOtp` type sms) that finishes it.
 */
export function PhoneSignUpForm() {
  const { t } = useLingui();
  const [number, setNumber] = useState(() => ({ country: defaultCountry(navigator.languages ?? [navigator.language]), number: "" }));
  const [numberError, setNumberError] = useState<string | undefined>(undefined);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PhoneSignUpValues>({ resolver: zodResolver(phoneSignUpSchema), defaultValues: { displayName: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  // The number is checked with the other fields, so every mistake shows at once.
  const checkNumber = () => {
    const phone = toE164(number);
    setNumberError(phone ? undefined : t`This isn't a valid number for the country chosen. Check the country and the digits.`);
    return phone;
  };
  const onSubmit = form.handleSubmit(async ({ displayName, password }) => {
    const phone = checkNumber();
    if (!phone) return;
    setFailure(null);
    const { data, error } = await supabase.auth.signUp({
      phone,
      password,
      options: { data: { display_name: displayName, locale: memberLocale() }, channel: "sms" },
    });
    if (error) return setFailure(errorMessage(error));
    if (!data.session) setSentTo(phone);
  }, () => void checkNumber());

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.verifyOtp({ phone: sentTo, token: code.replace(/\s+/g, ""), type: "sms" });
    setBusy(false);
    if (error) setFailure(errorMessage(error));
  };

  if (sentTo) {
    return (
      <form onSubmit={(e) => void verify(e)} noValidate className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <p className="text-sm" role="status">
          <Trans>We texted a code to {sentTo}. Enter it to finish creating your account.</Trans>
        </p>
        <FormField label={t`Code from the text message`}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <SubmitButton busy={busy}>
          <Trans>Create account</Trans>
        </SubmitButton>
      </form>
    );
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField label={t`Your name`} error={errors.displayName?.message}>
        <Input autoComplete="name" {...form.register("displayName")} />
      </FormField>
      <PhoneNumberField value={number} onChange={setNumber} error={numberError} />
      <FormField label={t`Password`} error={errors.password?.message} hint={t`At least 8 characters.`}>
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <SubmitButton busy={isSubmitting}>
        <Trans>Create account</Trans>
      </SubmitButton>
    </form>
  );
}
