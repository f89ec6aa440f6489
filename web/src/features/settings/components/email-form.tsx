import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { emailSchema, type EmailValues } from "../settings-schemas";

/**
 * Email change, GoTrue style: links go to both the current and the new address, and the
 * address changes once both are followed (double confirmation, the server's default).
 */
export function EmailForm({ current, pending }: { current: string; pending?: string | null }) {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(pending ?? null);
  const form = useForm<EmailValues>({ resolver: zodResolver(emailSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (email.toLowerCase() === current.toLowerCase()) {
      form.setError("email", { message: t`That is already your email address.` });
      return;
    }
    const { error } = await supabase.auth.updateUser({ email }, { emailRedirectTo: `${window.location.origin}/settings` });
    if (error) form.setError("email", { message: errorMessage(error) });
    else {
      setSentTo(email);
      form.reset({ email: "" });
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <Trans>
          Your email address is <span className="font-medium">{current}</span>.
        </Trans>
      </p>
      {sentTo && (
        <Alert tone="success">
          <Trans>
            Check both inboxes. We sent a confirmation link to {current} and to {sentTo}. Your email address changes to{" "}
            {sentTo} once you have followed both links.
          </Trans>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField label={t`New email address`} error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </FormField>
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Trans>Sending…</Trans> : <Trans>Change email</Trans>}
          </Button>
        </div>
      </form>
    </div>
  );
}
