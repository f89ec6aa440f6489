import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "@/components/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { formatEventStart } from "@/lib/datetime";
import { picksOptions, PICKS_SHOWN } from "./api/recommendations";
import { InterestsPanel } from "./interests-panel";

/** The member's picks, best first, each with the one line that says why (decision 0343). */
export default function ForYouSection({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const picks = useQuery(picksOptions(userId, i18n.locale));
  return (
    <section aria-labelledby="for-you-heading" className="flex flex-col gap-4">
      <h2 id="for-you-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Sparkles aria-hidden="true" className="size-5 text-brand-600" />
        <Trans>For you</Trans>
      </h2>
      {picks.isPending ? (
        <div role="status" aria-label={t`Loading your picks…`} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : picks.isError ? (
        <LoadError title={t`Couldn't load your picks.`} error={picks.error} onRetry={() => void picks.refetch()} />
      ) : picks.data.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>Nothing picked for you yet. Join groups or follow categories and topics below, and events will show up here.</Trans>
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t`Events picked for you`}>
          {picks.data.slice(0, PICKS_SHOWN).map((pick) => (
            <li key={pick.id} className="flex flex-col gap-1 rounded-xl border border-border bg-card p-4">
              <Link to={`/events/${pick.slug}`} className="font-semibold underline-offset-4 hover:underline focus-visible:underline">
                {pick.title}
              </Link>
              {/* The app's one rule (decision 0327): the venue's clock, labelled with its UTC offset. */}
              <time dateTime={pick.starts_at} className="text-sm text-muted-foreground">
                {formatEventStart(pick.starts_at, pick.timezone)}
              </time>
              <p className="text-sm" data-testid="pick-reason">
                {pick.reason}
              </p>
            </li>
          ))}
        </ul>
      )}
      <InterestsPanel userId={userId} />
    </section>
  );
}
