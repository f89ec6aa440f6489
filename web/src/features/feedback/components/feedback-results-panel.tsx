import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "@/components/page-states";
import { Spinner } from "@/components/ui/spinner";
import { formatNumber } from "@/lib/i18n/format";
import { feedbackResultsOptions } from "../api/feedback-api";

/** Count, average, how many gave each rating (bars with their numbers) and the comments. */
export default function FeedbackResultsPanel({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const results = useQuery(feedbackResultsOptions(eventId));
  const r = results.data;
  const most = r ? Math.max(1, ...r.distribution) : 1;

  return (
    <section aria-labelledby="feedback-results-heading" className="flex flex-col gap-4 rounded-xl border border-border p-4">
      <h2 id="feedback-results-heading" className="text-xl font-semibold">
        <Trans>Feedback</Trans>
      </h2>
      {results.isPending ? (
        <Spinner label={t`Loading feedback…`} />
      ) : results.isError ? (
        <LoadError title={t`Couldn't load the feedback.`} error={results.error} onRetry={() => void results.refetch()} />
      ) : !r || r.count === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No feedback yet. Everyone who went is asked for it after the event.</Trans>
        </p>
      ) : (
        <>
          <p>
            <span className="text-3xl font-bold">{formatNumber(r.average ?? 0, { maximumFractionDigits: 1 })}</span>
            <span className="text-muted-foreground">
              {" "}
              <Trans>out of 5</Trans> · <Plural value={r.count} one="# answer" other="# answers" />
            </span>
          </p>
          <ul className="flex flex-col gap-1" aria-label={t`Answers per rating`}>
            {[5, 4, 3, 2, 1].map((stars) => {
              const n = r.distribution[stars - 1] ?? 0;
              return (
                <li key={stars} className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-2 text-sm">
                  <span>
                    <Plural value={stars} one="# star" other="# stars" />
                  </span>
                  <span className="h-3 overflow-hidden rounded bg-muted" aria-hidden="true">
                    <span className="block h-full bg-primary" style={{ width: `${(n / most) * 100}%` }} />
                  </span>
                  <span className="text-end tabular-nums">{formatNumber(n)}</span>
                </li>
              );
            })}
          </ul>
          <h3 className="font-medium">
            <Trans>Comments</Trans>
          </h3>
          {r.comments.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>Nobody left a comment.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {r.comments.map((c) => (
                <li key={`${c.display_name}-${c.updated_at}`} className="rounded-md bg-muted/50 p-3 text-sm">
                  <p className="whitespace-pre-wrap">{c.comment}</p>
                  <p className="mt-1 text-muted-foreground">
                    {c.display_name} · <Plural value={c.rating} one="# star" other="# stars" />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
