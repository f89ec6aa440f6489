import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { CompactEventList, type CompactEvent } from "@/components/events/compact-event-list";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { hostedEventsOptions, type PublicProfile } from "../api/public-profile";

const cancelledBadge = (e: CompactEvent) =>
  e.status === "cancelled" ? (
    <Badge tone="danger">
      <Trans comment="An event's status">Cancelled</Trans>
    </Badge>
  ) : null;

/** "Hosting" (upcoming) and "Hosted" (past) on a public profile. */
export function HostedEventsSection({ profile }: { profile: PublicProfile }) {
  const { t } = useLingui();
  const events = useQuery(hostedEventsOptions(profile.id));
  const first = profile.display_name.split(/\s+/)[0] ?? profile.display_name;

  if (events.isPending) {
    return (
      <div role="status" aria-label={t`Loading events…`} className="flex flex-col gap-3">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (events.isError) return (
      <Alert tone="error">
        <Trans>We couldn't load the events.</Trans> {errorMessage(events.error)}
      </Alert>
    );

  const { upcoming, past } = events.data;
  const name = profile.display_name;
  const upcomingCount = upcoming.length;
  const pastCount = past.length;
  return (
    <>
      <section aria-labelledby="upcoming-hosted" className="flex flex-col gap-3">
        <h2 id="upcoming-hosted" className="text-xl font-semibold">
          <Trans>Upcoming events ({upcomingCount})</Trans>
        </h2>
        {upcoming.length ? (
          <CompactEventList
            label={t`Upcoming events hosted by ${name}`}
            items={upcoming.map((event) => ({ event, badges: cancelledBadge(event) }))}
          />
        ) : (
          <p className="text-muted-foreground">
            <Trans>{first} has no upcoming events.</Trans>
          </p>
        )}
      </section>
      <section aria-labelledby="past-hosted" className="flex flex-col gap-3">
        <h2 id="past-hosted" className="text-xl font-semibold">
          <Trans>Past events ({pastCount})</Trans>
        </h2>
        {past.length ? (
          <CompactEventList
            label={t`Past events hosted by ${name}`}
            items={past.map((event) => ({ event, badges: cancelledBadge(event) }))}
          />
        ) : (
          <p className="text-muted-foreground">
            <Trans>No past events yet.</Trans>
          </p>
        )}
      </section>
    </>
  );
}
