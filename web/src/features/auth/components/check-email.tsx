import { MailCheck } from "lucide-react";
import { Alert } from "@/components/ui/alert";

/** The "check your email" state after a link was sent. */
export function CheckEmail({ email, what }: { email: string; what: string }) {
  return (
    <Alert tone="success" className="flex gap-3">
      <MailCheck aria-hidden="true" className="size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">Check your email</p>
        <p>
          We sent {what} to <strong>{email}</strong>. It can take a minute to arrive; check your spam folder too.
        </p>
        {import.meta.env.DEV && (
          <p>
            Developing locally? Open the <a className="underline" href="/_inbox">local inbox</a>.
          </p>
        )}
      </div>
    </Alert>
  );
}
