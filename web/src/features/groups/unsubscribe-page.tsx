import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { BellOff, CheckCircle2 } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { LoadError, PageState, SectionsSkeleton } from "@/components/page-states";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorCode, errorMessage } from "@/lib/errors";
import { usePageTitle } from "@/lib/use-page-title";
import { groupKeys } from "./api/group-keys";
import { getAlertsLink, unsubscribeGroupAlerts } from "./api/unsubscribe-api";

/**
 * /unsubscribe?token=… — the link in new-event alert emails (decision 0103). It works signed
 * out. Opening it changes nothing (a mail scanner that follows links unsubscribes nobody); the
 * button does, and only turns that member's alerts for that one group off.
 */
export function UnsubscribePage() {
  const { t } = useLingui();
  usePageTitle(t`Unsubscribe`);
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const link = useQuery({ queryKey: groupKeys.unsubscribeLink(token), queryFn: () => getAlertsLink(token), enabled: token !== "", retry: false });
  const unsubscribe = useMutation({ mutationFn: () => unsubscribeGroupAlerts(token) });

  const invalid = token === "" || errorCode(link.error) === "invalid_unsubscribe_link";
  if (invalid) {
    return <PageState title={t`This link doesn't work`} message={t`This unsubscribe link is not valid.`} />;
  }
  if (link.isPending) return <SectionsSkeleton label={t`Loading…`} sections={1} />;
  if (link.isError) return <LoadError title={t`Couldn't read this link.`} error={link.error} onRetry={() => void link.refetch()} />;

  const info = unsubscribe.data ?? link.data;
  const name = info.name;
  const groupLink = (
    <Button asChild variant="outline">
      <Link to={`/g/${info.slug}`}>
        <Trans>Go to {name}</Trans>
      </Link>
    </Button>
  );

  if (unsubscribe.isSuccess || info.alerts === "none") {
    return (
      <PageState
        icon={<CheckCircle2 aria-hidden="true" className="size-10 text-emerald-700" />}
        title={t`You're unsubscribed`}
        message={t`You won't get emails about new events in ${name}. You can turn them back on from the group's page.`}
        back={groupLink}
      />
    );
  }
  if (info.alerts === null) {
    return (
      <PageState
        title={t`Nothing to unsubscribe from`}
        message={t`You're no longer a member of ${name}, so you won't get its new-event emails.`}
        back={groupLink}
      />
    );
  }
  return (
    <div className="mx-auto flex max-w-md flex-col items-start gap-4 py-8">
      <BellOff aria-hidden="true" className="size-10 text-brand-700" />
      <h1 className="text-3xl font-bold tracking-tight">
        <Trans>Stop new-event emails from {name}?</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>You'll stay a member, and still see its events on the group's page and in the app.</Trans>
      </p>
      {unsubscribe.isError && <Alert tone="error">{errorMessage(unsubscribe.error)}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
          {unsubscribe.isPending ? <Trans>Unsubscribing…</Trans> : <Trans>Unsubscribe</Trans>}
        </Button>
        {groupLink}
      </div>
    </div>
  );
}
