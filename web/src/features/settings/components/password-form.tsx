import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorCode, errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { passwordSchema, type PasswordValues } from "../settings-schemas";

/**
 * New password, twice. When the server asks for reauthentication (secure password change on a
 * session older than a day) it mails a code; the form asks for it and tries again with it.
 */
export function PasswordForm() {
  const { t } = useLingui();
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: { password: "", confirm: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setCodeError(null);
    if (codeSent && code.trim() === "") {
      setCodeError(t`Enter the code from the email.`);
      return;
    }
    const { error } = await supabase.auth.updateUser(codeSent ? { password, nonce: code.trim() } : { password });
    if (!error) {
      toast.success(t`Password changed`);
      form.reset();
      setCodeSent(false);
      setCode("");
      return;
    }
    const why = errorCode(error);
    if (why === "reauthentication_needed") {
      const sent = await supabase.auth.reauthenticate();
      if (sent.error) form.setError("root", { message: errorMessage(sent.error) });
      else setCodeSent(true);
    } else if (why === "reauthentication_not_valid") {
      setCodeError(t`That code is wrong or has expired. Check the newest email, or send a new code.`);
    } else {
      form.setError("password", { message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label={t`New password`} error={errors.password?.message} hint={t`At least 8 characters.`}>
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField label={t`Repeat the new password`} error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("confirm")} />
      </FormField>
      {codeSent && (
        <>
          <Alert tone="info">
            <Trans>For your security, confirm it's you: we emailed you a code.</Trans>
          </Alert>
          <FormField label={t`Code from the email`} error={codeError ?? undefined}>
            <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          </FormField>
        </>
      )}
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Trans>Changing…</Trans> : <Trans>Change password</Trans>}
        </Button>
      </div>
    </form>
  );
}
