import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { CompactEventList } from "@/components/events/compact-event-list";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { groupEventsOptions, type GroupEventSummary } from "../api/group-events-api";

function EventBadges({ event }: { event: GroupEventSummary }) {
  const { t } = useLingui();
  return (
    <>
      {event.visibility === "members" && <Badge tone="brand">{t({ message: "Members only", comment: "Badge on a members-only event" })}</Badge>}
      {event.status === "cancelled" && <Badge tone="danger">{t({ message: "Cancelled", comment: "Badge on a cancelled event" })}</Badge>}
    </>
  );
}

type GroupEventsSectionProps = { groupId: string; userId: string | undefined; when: "upcoming" | "past" };

/** Upcoming (soonest first) or past (latest first) events of the group that the viewer may see. */
export function GroupEventsSection({ groupId, userId, when }: GroupEventsSectionProps) {
  const { t } = useLingui();
  const events = useQuery(groupEventsOptions(groupId, when, userId));
  const headingId = `group-events-${when}`;
  const title = when === "upcoming" ? t`Upcoming events` : t`Past events`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {events.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : events.isError ? (
        <p className="text-sm text-red-700">
          {t`Couldn't load events.`} {errorMessage(events.error)}
        </p>
      ) : events.data.length === 0 ? (
        <p className="text-muted-foreground">
          {when === "upcoming" ? <Trans>No upcoming events yet.</Trans> : <Trans>No past events yet.</Trans>}
        </p>
      ) : (
        <CompactEventList
          label={title}
          items={events.data.map((event) => ({ event, badges: <EventBadges event={event} /> }))}
          // Upcoming: a weekly series is one row, not one a week; past dates each happened.
          series={when === "upcoming" ? "collapse" : undefined}
        />
      )}
    </section>
  );
}
