import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageSpinner } from "@/components/ui/spinner";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { resetPasswordSchema, type ResetPasswordValues } from "./auth-schemas";
import { AuthLayout } from "./components/auth-layout";
import { SecondFactorStep } from "./components/second-factor";
import { SubmitButton } from "./components/submit-button";

/** Opened by the recovery link (PASSWORD_RECOVERY signs the user in first). */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const { status, halfSession } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: "", confirm: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    const { error } = await supabase.auth.updateUser({ password });
    if (error) return setFailure(errorMessage(error));
    toast.success(t`Your password is changed.`);
    void navigate("/", { replace: true });
  });

  if (status === "loading") return <PageSpinner />;
  // The recovery link signs in with one factor; an account with two gives its code first (the
  // auth server changes the password of such an account at aal2 only).
  if (halfSession) {
    return (
      <AuthLayout title={t`Two-factor authentication`} intro={t`One more step: confirm it's you with your second factor.`}>
        <SecondFactorStep />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t`Choose a new password`}>
      {status === "signed-out" ? (
        <Alert tone="error" className="flex flex-col gap-2">
          <span>
            <Trans>This reset link has expired or was already used.</Trans>
          </span>
          <Link to="/auth/forgot-password" className="font-medium underline">
            <Trans>Send a new link</Trans>
          </Link>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <FormField label={t`New password`} error={errors.password?.message} hint={t`At least 8 characters.`}>
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </FormField>
          <FormField label={t`Repeat the new password`} error={errors.confirm?.message}>
            <Input type="password" autoComplete="new-password" {...form.register("confirm")} />
          </FormField>
          <SubmitButton busy={isSubmitting}>
            <Trans>Change password</Trans>
          </SubmitButton>
        </form>
      )}
    </AuthLayout>
  );
}
