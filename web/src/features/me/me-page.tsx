import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { usePageTitle } from "@/lib/use-page-title";
import { groupMyEvents } from "./api/group-my-events";
import { myEventRowsOptions } from "./api/my-events";
import { MyEventsTabs } from "./components/my-events-tabs";
import { MyGroupsSection } from "./components/my-groups-section";

export function MePage() {
  const { t } = useLingui();
  usePageTitle(t`My events`);
  return (
    <RequireAuth>
      <MyEvents />
    </RequireAuth>
  );
}

function MyEvents() {
  const { t } = useLingui();
  const { user } = useSession();
  const userId = user!.id; // RequireAuth renders this only when signed in
  const rows = useQuery(myEventRowsOptions(userId));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">
            <Trans>My events</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>What you're hosting, going to and waiting for, and the groups you're in.</Trans>
          </p>
        </div>
        <Button asChild>
          <Link to="/events/new">
            <Trans>Create an event</Trans>
          </Link>
        </Button>
      </div>
      {rows.isPending ? (
        <div role="status" aria-label={t`Loading your events…`} className="flex flex-col gap-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : rows.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">
            <Trans>We couldn't load your events.</Trans> {errorMessage(rows.error)}
          </Alert>
          <Button variant="outline" onClick={() => void rows.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <MyEventsTabs groups={groupMyEvents(rows.data.hosted, rows.data.rsvps)} userId={userId} />
      )}
      <MyGroupsSection userId={userId} />
    </div>
  );
}
