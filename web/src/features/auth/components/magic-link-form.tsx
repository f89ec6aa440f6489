import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { magicLinkSchema, redirectUrl, type EmailValues } from "../auth-schemas";
import { CheckEmail } from "./check-email";
import { EmailCodeForm } from "./email-code-form";
import { SubmitButton } from "./submit-button";

/** Passwordless: a one-time sign-in link by email, back through /auth/callback. */
export function MagicLinkForm({ next }: { next: string }) {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EmailValues>({ resolver: zodResolver(magicLinkSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const { error } = await supabase.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: redirectUrl(`/auth/callback?next=${encodeURIComponent(next)}&via=magic_link`) },
    });
    if (error) setFailure(errorMessage(error));
    else setSentTo(email);
  });

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <CheckEmail email={sentTo} sent="sign-in" />
        <EmailCodeForm email={sentTo} type="email" />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField label={t`Email`} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <SubmitButton busy={isSubmitting}>
        <Trans>Email me a sign-in link</Trans>
      </SubmitButton>
    </form>
  );
}
