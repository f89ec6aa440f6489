import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "@/components/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { formatEventStart, viewerTimeZone } from "@/lib/datetime";
import { moderationLogOptions } from "../api/admin-api";
import { auditDetail, auditText } from "../audit-text";

/** The latest moderation_log entries: who did what, and when. */
export function AuditTrail() {
  const { t } = useLingui();
  const query = useQuery(moderationLogOptions());
  const zone = viewerTimeZone();
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-3">
      <h2 id="audit-heading" className="text-xl font-semibold">
        <Trans>Audit trail</Trans>
      </h2>
      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label={t`Loading the audit trail`}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError title={t`Couldn't load the audit trail.`} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Nothing has been moderated yet.</Trans>
        </p>
      ) : (
        <ol className="divide-y divide-border rounded-xl border border-border bg-card" aria-label={t`Latest moderation actions`}>
          {query.data.map((entry) => {
            const detail = auditDetail(entry);
            return (
              <li key={entry.id} className="flex flex-col gap-0.5 px-4 py-3 text-sm">
                <p>
                  {auditText(entry, entry.actor?.display_name ?? t`The system`)}
                </p>
                {detail && <p className="break-words text-muted-foreground">{detail}</p>}
                <p className="text-xs text-muted-foreground">
                  <time dateTime={entry.created_at}>{formatEventStart(entry.created_at, zone)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
