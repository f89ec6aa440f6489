import { useQuery } from "@tanstack/react-query";
import { CompactEventList, type CompactEvent } from "@/components/events/compact-event-list";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { hostedEventsOptions, type PublicProfile } from "../api/public-profile";

const cancelledBadge = (e: CompactEvent) => (e.status === "cancelled" ? <Badge tone="danger">Cancelled</Badge> : null);

/** "Hosting" (upcoming) and "Hosted" (past) on a public profile. */
export function HostedEventsSection({ profile }: { profile: PublicProfile }) {
  const events = useQuery(hostedEventsOptions(profile.id));
  const first = profile.display_name.split(/\s+/)[0] ?? profile.display_name;

  if (events.isPending) {
    return (
      <div role="status" aria-label="Loading events…" className="flex flex-col gap-3">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (events.isError) return <Alert tone="error">We couldn't load the events. {errorMessage(events.error)}</Alert>;

  const { upcoming, past } = events.data;
  return (
    <>
      <section aria-labelledby="upcoming-hosted" className="flex flex-col gap-3">
        <h2 id="upcoming-hosted" className="text-xl font-semibold">
          Upcoming events ({upcoming.length})
        </h2>
        {upcoming.length ? (
          <CompactEventList
            label={`Upcoming events hosted by ${profile.display_name}`}
            items={upcoming.map((event) => ({ event, badges: cancelledBadge(event) }))}
          />
        ) : (
          <p className="text-muted-foreground">{first} has no upcoming events.</p>
        )}
      </section>
      <section aria-labelledby="past-hosted" className="flex flex-col gap-3">
        <h2 id="past-hosted" className="text-xl font-semibold">
          Past events ({past.length})
        </h2>
        {past.length ? (
          <CompactEventList
            label={`Past events hosted by ${profile.display_name}`}
            items={past.map((event) => ({ event, badges: cancelledBadge(event) }))}
          />
        ) : (
          <p className="text-muted-foreground">No past events yet.</p>
        )}
      </section>
    </>
  );
}
