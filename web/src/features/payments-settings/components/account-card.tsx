import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, CircleDashed } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { PaymentAccount } from "../api/payments-settings-api";

type Props = { title: string; account: PaymentAccount | undefined; busy: boolean; onConnect: () => void };

function Check({ on, label }: { on: boolean; label: string }) {
  return (
    <li className="flex items-center gap-2 text-sm">
      {on ? <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-700" /> : <CircleDashed aria-hidden="true" className="size-4 text-muted-foreground" />}
      <span>{label}</span>
    </li>
  );
}

/** One Stripe account (the member's or a group's): whether it takes charges and pays out, and the way to set it up. */
export function AccountCard({ title, account, busy, onConnect }: Props) {
  const { t } = useLingui();
  const ready = Boolean(account?.charges_enabled && account.payouts_enabled);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4" data-testid="payment-account">
      <h2 className="font-semibold">{title}</h2>
      {account ? (
        <ul className="flex flex-col gap-1" aria-label={t`Account status`}>
          <Check on={account.details_submitted} label={account.details_submitted ? t`Details given to Stripe` : t`Details not finished`} />
          <Check on={account.charges_enabled} label={account.charges_enabled ? t`Takes payments` : t`Can't take payments yet`} />
          <Check on={account.payouts_enabled} label={account.payouts_enabled ? t`Payouts on` : t`Payouts not on yet`} />
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No Stripe account connected yet.</Trans>
        </p>
      )}
      {!ready && (
        <Button className="self-start" disabled={busy} onClick={onConnect}>
          {account ? <Trans>Continue on Stripe</Trans> : <Trans>Connect with Stripe</Trans>}
        </Button>
      )}
    </div>
  );
}
