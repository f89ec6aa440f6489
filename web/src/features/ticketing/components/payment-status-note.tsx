import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { paymentStatusOptions, type SetupEvent } from "../api/ticketing-api";

/**
 * Whether paid tickets can be sold yet: always on a site that takes payments into its own Stripe
 * account; with Stripe Connect, once the event's payee (its group, else its host) can take charges.
 */
export function PaymentStatusNote({ event }: { event: SetupEvent }) {
  const status = useQuery(paymentStatusOptions(event.id)).data;
  if (!status || status.ready) return null;
  const settings = event.group_id ? `/settings/payments?group=${event.group_id}` : "/settings/payments";
  return (
    <Alert tone="error" className="flex flex-col gap-2">
      <span>
        {status.account_owner === "group" ? (
          <Trans>Paid tickets can't be sold yet: the group's Stripe account is not ready to take payments.</Trans>
        ) : (
          <Trans>Paid tickets can't be sold yet: no Stripe account of the event's organizers is ready to take payments.</Trans>
        )}
      </span>
      <Link to={settings} className="self-start font-medium underline underline-offset-4">
        <Trans>Set up payments</Trans>
      </Link>
    </Alert>
  );
}
