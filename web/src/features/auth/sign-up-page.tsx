import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { track } from "@/lib/analytics";
import { phoneEnabledQuery } from "@/lib/auth/auth-server-settings";
import { safeNext } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { memberLocale } from "@/lib/i18n";
import { redirectUrl, signUpSchema, type SignUpValues } from "./auth-schemas";
import { AuthLayout } from "./components/auth-layout";
import { CheckEmail } from "./components/check-email";
import { EmailCodeForm } from "./components/email-code-form";
import { PhoneSignUpForm } from "./components/phone-sign-up";
import { ProviderButtons } from "./components/provider-buttons";
import { SubmitButton } from "./components/submit-button";

export function SignUpPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const { status } = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [byPhone, setByPhone] = useState(false);
  // Sign-up by phone only when the server sends texts ([auth.sms] enable_signup, decision 0153).
  const phoneEnabled = useQuery(phoneEnabledQuery()).data === true;
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { displayName: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ displayName, email, password }) => {
    setFailure(null);
    const { data, error } = await supabase.auth.signUp({
      email,
      password,
      options: {
        // The profile triggers read display_name and locale from the metadata; Auth's
        // confirmation email is written in that language too (decision 0202).
        data: { display_name: displayName, locale: memberLocale() },
        emailRedirectTo: redirectUrl(`/auth/callback?next=${encodeURIComponent(next)}`),
      },
    });
    if (error) {
      setFailure(errorMessage(error));
      return;
    }
    track({ event: "sign_up", method: "password" });
    // With confirmations on there is no session yet: the link in the email finishes sign-up.
    if (!data.session) setSentTo(email);
  });

  if (status === "signed-in") return <Navigate to={next} replace />;
  return (
    <AuthLayout title={t`Create your account`} intro={t`Free, and it takes a minute. You'll confirm your email address.`}>
      {sentTo ? (
        <>
          <CheckEmail email={sentTo} sent="confirm" />
          <EmailCodeForm email={sentTo} type="signup" />
        </>
      ) : (
        <>
          <ProviderButtons next={next} />
          {byPhone ? (
            <PhoneSignUpForm />
          ) : (
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              {failure && <Alert tone="error">{failure}</Alert>}
              <FormField label={t`Your name`} error={errors.displayName?.message}>
                <Input autoComplete="name" {...form.register("displayName")} />
              </FormField>
              <FormField label={t`Email`} error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...form.register("email")} />
              </FormField>
              <FormField label={t`Password`} error={errors.password?.message} hint={t`At least 8 characters.`}>
                <Input type="password" autoComplete="new-password" {...form.register("password")} />
              </FormField>
              <SubmitButton busy={isSubmitting}>
                <Trans>Create account</Trans>
              </SubmitButton>
            </form>
          )}
          {phoneEnabled && (
            <Button variant="link" className="self-start px-0" onClick={() => setByPhone(!byPhone)}>
              {byPhone ? <Trans>Use an email address instead</Trans> : <Trans>Use a phone number instead</Trans>}
            </Button>
          )}
        </>
      )}
      <p className="text-sm text-muted-foreground">
        <Trans>
          Already have an account?{" "}
          <Link to="/auth/sign-in" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </Trans>
      </p>
    </AuthLayout>
  );
}
