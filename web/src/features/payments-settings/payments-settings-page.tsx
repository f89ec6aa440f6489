import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { LoadError, SectionsSkeleton } from "@/components/page-states";
import { Alert } from "@/components/ui/alert";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { paymentErrorMessage } from "@/lib/payments/payment-errors";
import { usePageTitle } from "@/lib/use-page-title";
import { connectEnabledOptions, organizedGroupsOptions, paymentAccountsOptions, startOnboarding } from "./api/payments-settings-api";
import { AccountCard } from "./components/account-card";

/** /settings/payments — Stripe Connect onboarding for the member and the groups they organize. */
export function PaymentsSettingsPage() {
  const { t } = useLingui();
  usePageTitle(t`Payments`);
  return (
    <RequireAuth>
      <PaymentsSettings />
    </RequireAuth>
  );
}

function PaymentsSettings() {
  const { t } = useLingui();
  const { user } = useSession();
  const userId = user!.id; // RequireAuth renders this only when signed in
  const [params] = useSearchParams();
  // Stripe sends organizers back with ?onboarding=done (finished or left) or =refresh (the link expired).
  const [returned] = useState(() => params.get("onboarding"));
  const connect = useQuery(connectEnabledOptions());
  const accounts = useQuery(paymentAccountsOptions(userId, returned === "done"));
  const groups = useQuery({ ...organizedGroupsOptions(userId), enabled: connect.data === true });
  const onboard = useMutation({
    mutationFn: startOnboarding,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(paymentErrorMessage(error)),
  });

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link to="/settings" className="inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          <Trans>Settings</Trans>
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Payments</Trans>
        </h1>
      </header>
      {connect.isPending ? (
        <SectionsSkeleton label={t`Loading…`} sections={1} />
      ) : connect.isError ? (
        <LoadError title={t`Couldn't load the payment settings.`} error={connect.error} onRetry={() => void connect.refetch()} />
      ) : !connect.data ? (
        <Alert>
          <Trans>Ticket sales on this site go to the site's own Stripe account: there is nothing for you to set up. Add ticket types to an event to sell tickets.</Trans>
        </Alert>
      ) : (
        <>
          <p className="text-muted-foreground">
            <Trans>
              To sell tickets, connect a Stripe account: buyers' payments go to it, less the site's fee. A group's events are paid to the group's
              account when it has one.
            </Trans>
          </p>
          {returned === "done" && (
            <Alert tone="success">
              <Trans>Back from Stripe. Stripe tells us within a moment whether your account can take payments; this page updates by itself.</Trans>
            </Alert>
          )}
          {returned === "refresh" && (
            <Alert>
              <Trans>That Stripe link had expired. Continue on Stripe to pick up where you left off.</Trans>
            </Alert>
          )}
          {accounts.isError ? (
            <LoadError title={t`Couldn't load your accounts.`} error={accounts.error} onRetry={() => void accounts.refetch()} />
          ) : (
            <div className="flex flex-col gap-4">
              <AccountCard title={t`Your account`} account={accounts.data?.find((a) => a.user_id === userId)} busy={onboard.isPending || accounts.isPending}
                onConnect={() => onboard.mutate(null)} />
              {(groups.data ?? []).map((group) => {
                const name = group.name;
                return (
                  <AccountCard key={group.id} title={t`${name}'s account`} account={accounts.data?.find((a) => a.group_id === group.id)}
                    busy={onboard.isPending || accounts.isPending} onConnect={() => onboard.mutate(group.id)} />
                );
              })}
            </div>
          )}
        </>
      )}
    </div>
  );
}
