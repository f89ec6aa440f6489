import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { CalendarPlus } from "lucide-react";
import { Link } from "react-router";
import { CompactEventList } from "@/components/events/compact-event-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { groupEventsOptions, type GroupEventSummary } from "../api/group-events-api";
import { myMembershipOptions } from "../api/members-api";

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
  // The group page asks the same (cached): its organizers get a way to their group's first event.
  const membership = useQuery({ ...myMembershipOptions(groupId, userId), enabled: Boolean(userId) && when === "upcoming" });
  const mine = membership.data;
  const canCreate = mine?.status === "active" && (mine.role === "organizer" || mine.role === "co_organizer");
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
        <div className="flex flex-col items-start gap-3">
          <p className="text-muted-foreground">
            {when === "upcoming" ? <Trans>No upcoming events yet.</Trans> : <Trans>No past events yet.</Trans>}
          </p>
          {when === "upcoming" && canCreate && (
            <Button asChild>
              <Link to={`/events/new?group=${groupId}`}>
                <CalendarPlus aria-hidden="true" />
                <Trans>Create an event</Trans>
              </Link>
            </Button>
          )}
        </div>
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
