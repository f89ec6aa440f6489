import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/errors";
import { inviteByEmail, type InviteResult, type InviteTarget } from "../api/invitations-api";

/** Pasted addresses (commas, semicolons, lines, "Name <addr>"): each is emailed an invitation once. */
export function EmailInviteForm({ target }: { target: InviteTarget }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [emails, setEmails] = useState("");
  const invite = useMutation({
    mutationFn: () => inviteByEmail(target, emails, i18n.locale),
    onSuccess: (r) => {
      const sent = r.invited.length;
      toast.success(t`Invitations sent: ${sent}`);
      if (r.invalid.length === 0) setEmails("");
      void queryClient.invalidateQueries({ queryKey: ["invitations", target.id] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate();
  };
  return (
    <section aria-labelledby="invite-by-email" className="flex flex-col gap-3">
      <h2 id="invite-by-email" className="text-xl font-semibold">
        <Trans>Invite by email</Trans>
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <FormField label={t`Email addresses`} hint={t`Paste one or many, separated by commas or new lines (up to 100 at a time).`}>
          <Textarea value={emails} onChange={(e) => setEmails(e.target.value)} rows={4} required />
        </FormField>
        {invite.isError && <Alert tone="error">{errorMessage(invite.error)}</Alert>}
        {invite.data && <Outcome result={invite.data} />}
        <div>
          <Button type="submit" disabled={invite.isPending || emails.trim() === ""}>
            {invite.isPending ? <Trans>Sending…</Trans> : <Trans>Send invitations</Trans>}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Outcome({ result }: { result: InviteResult }) {
  const invited = result.invited.length;
  const again = result.already_invited.join(", ");
  const invalid = result.invalid.join(", ");
  return (
    <div role="status" className="flex flex-col gap-2">
      {invited > 0 && <Alert tone="success"><Trans>{invited} invited.</Trans></Alert>}
      {again && <Alert tone="info"><Trans>Already invited (not emailed again): {again}</Trans></Alert>}
      {invalid && <Alert tone="error"><Trans>Not email addresses: {invalid}</Trans></Alert>}
    </div>
  );
}
