import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { DraftBadge } from "@/components/events/draft-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/auth/session-context";
import { formatEventStart } from "@/lib/datetime";
import { errorCode, errorMessage } from "@/lib/errors";
import { eventKeys } from "../api/event-keys";
import { rsvp, type RsvpStatus } from "../api/rsvp-api";
import { getSeriesDates, type SeriesDate } from "../api/series-dates-api";

/** "Part of a series": the next dates, each a link, with a one-click RSVP to each. */
export function SeriesDates({ eventId, seriesId }: { eventId: string; seriesId: string }) {
  const { t } = useLingui();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = eventKeys.seriesDates(seriesId, user?.id);
  const query = useQuery({ queryKey: key, queryFn: () => getSeriesDates(seriesId, user?.id) });
  const join = useMutation({
    mutationFn: (date: SeriesDate) => rsvp(date.id, 0),
    onSuccess: async (_result, date) => {
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: eventKeys.myRsvp(date.id, user?.id) });
      toast.success(t`RSVP sent for ${formatEventStart(date.starts_at, date.timezone)}.`);
    },
    onError: (error, date) => {
      toast.error(errorMessage(error));
      // That date asks questions one click cannot answer: its page asks them.
      if (errorCode(error) === "answer_required") void navigate(`/events/${date.slug}`);
    },
  });
  const dates = query.data ?? [];
  if (dates.length === 0) return null;

  const statusText: Partial<Record<RsvpStatus, string>> = {
    going: t`Going`,
    waitlisted: t`On the waitlist`,
    pending: t`Requested`,
  };
  return (
    <section aria-labelledby="series-heading" className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <h2 id="series-heading" className="text-lg font-semibold">
        <Trans>Part of a series</Trans>
      </h2>
      <ul className="flex flex-col divide-y divide-border">
        {dates.map((date) => {
          const when = formatEventStart(date.starts_at, date.timezone);
          const current = date.id === eventId;
          const mine = date.my_status ? statusText[date.my_status] : undefined;
          return (
            <li key={date.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              {current ? (
                <span className="font-medium" aria-current="page">
                  {when} <span className="text-sm text-muted-foreground">(<Trans>this event</Trans>)</span>
                </span>
              ) : (
                <Link to={`/events/${date.slug}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  {when}
                </Link>
              )}
              {date.status === "cancelled" ? (
                <Badge tone="danger"><Trans>Cancelled</Trans></Badge>
              ) : date.status === "draft" ? (
                <DraftBadge />
              ) : mine ? (
                <Badge tone="success">{mine}</Badge>
              ) : user && date.status === "published" && !current ? (
                <Button size="sm" variant="outline" disabled={join.isPending} aria-label={t`RSVP to ${when}`} onClick={() => join.mutate(date)}>
                  <Trans>RSVP</Trans>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
