import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { track } from "@/lib/analytics";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { signInSchema, type SignInValues } from "../auth-schemas";
import { SubmitButton } from "./submit-button";

/** Email + password. On success the session event takes over (AuthProvider, the page's redirect). */
export function PasswordSignInForm() {
  const { t } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const { error } = await supabase.auth.signInWithPassword(values);
    if (error) setFailure(errorMessage(error));
    else track({ event: "login", method: "password" });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField label={t`Email`} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label={t`Password`} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <SubmitButton busy={isSubmitting}>
        <Trans>Sign in</Trans>
      </SubmitButton>
      <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        <Trans>Forgot your password?</Trans>
      </Link>
    </form>
  );
}
