import { Trans } from "@lingui/react/macro";
import { MailCheck } from "lucide-react";
import { Alert } from "@/components/ui/alert";

/** What was sent: each is its own sentence, so every language can phrase it. */
export type SentLink = "sign-in" | "reset" | "confirm";

/** The "check your email" state after a link was sent. */
export function CheckEmail({ email, sent }: { email: string; sent: SentLink }) {
  const address = <strong>{email}</strong>;
  return (
    <Alert tone="success" className="flex gap-3">
      <MailCheck aria-hidden="true" className="size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          <Trans>Check your email</Trans>
        </p>
        <p>
          {sent === "sign-in" ? (
            <Trans>We sent a sign-in link to {address}. It can take a minute to arrive; check your spam folder too.</Trans>
          ) : sent === "reset" ? (
            <Trans>We sent a password reset link to {address}. It can take a minute to arrive; check your spam folder too.</Trans>
          ) : (
            <Trans>We sent a link to confirm your account to {address}. It can take a minute to arrive; check your spam folder too.</Trans>
          )}
        </p>
        {import.meta.env.DEV && (
          <p>
            <Trans>
              Developing locally? Open the <a className="underline" href="/_inbox">local inbox</a>.
            </Trans>
          </p>
        )}
      </div>
    </Alert>
  );
}
