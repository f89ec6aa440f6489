import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { forgotPasswordSchema, redirectUrl, type EmailValues } from "./auth-schemas";
import { AuthLayout } from "./components/auth-layout";
import { CheckEmail } from "./components/check-email";
import { EmailCodeForm } from "./components/email-code-form";
import { SubmitButton } from "./components/submit-button";

export function ForgotPasswordPage() {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EmailValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    // The link signs the user in with a PASSWORD_RECOVERY event, which opens the reset screen.
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: redirectUrl("/auth/reset-password") });
    if (error) setFailure(errorMessage(error));
    else setSentTo(email);
  });

  return (
    <AuthLayout title={t`Forgot your password?`} intro={t`Enter your email and we'll send you a link to choose a new one.`}>
      {sentTo ? (
        <>
          <CheckEmail email={sentTo} sent="reset" />
          {/* The email's code, for a phone whose mail is read elsewhere: it opens the reset screen as the link does. */}
          <EmailCodeForm email={sentTo} type="recovery" />
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <FormField label={t`Email`} error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
          <SubmitButton busy={isSubmitting}>
            <Trans>Send reset link</Trans>
          </SubmitButton>
        </form>
      )}
      <Link to="/auth/sign-in" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        <Trans>Back to sign in</Trans>
      </Link>
    </AuthLayout>
  );
}
