import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ForbiddenState, LoadError } from "@/components/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { RequireAuth } from "@/lib/auth/require-auth";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";
import { usePageTitle } from "@/lib/use-page-title";
import { reportQueueOptions } from "./api/admin-api";
import { AuditTrail } from "./components/audit-trail";
import { PaymentSettingsSection } from "./components/payment-settings-section";
import { ReportCard } from "./components/report-card";
import { useModeration } from "./hooks/use-moderation";

/** /admin — site admins' moderation: the reports queue and the audit trail. */
export function AdminPage() {
  return (
    <RequireAuth>
      <AdminScreen />
    </RequireAuth>
  );
}

function AdminScreen() {
  const { t } = useLingui();
  const isAdmin = useIsAdmin();
  usePageTitle(t`Admin`);
  if (!isAdmin) return <ForbiddenState title={t`Admin`} message={t`Only site admins can do that.`} />;
  return <Moderation />;
}

function Moderation() {
  const { t } = useLingui();
  const queue = useQuery(reportQueueOptions());
  const actions = useModeration();
  useLiveReports();

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-brand-700">
          <Trans>Site admin</Trans>
        </p>
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Moderation</Trans>
        </h1>
      </header>
      <section aria-labelledby="queue-heading" className="flex flex-col gap-3">
        <h2 id="queue-heading" className="text-xl font-semibold">
          {queue.data ? t`Reports (${queue.data.length})` : t`Reports`}
        </h2>
        {queue.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label={t`Loading the reports`}>
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : queue.isError ? (
          <LoadError title={t`Couldn't load the reports.`} error={queue.error} onRetry={() => void queue.refetch()} />
        ) : queue.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            <Trans>No open reports. New ones appear here as they come in.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t`Open reports, oldest first`}>
            {queue.data.map((item) => (
              <ReportCard key={item.report_id} item={item} actions={actions} />
            ))}
          </ul>
        )}
      </section>
      <AuditTrail />
      <PaymentSettingsSection />
    </div>
  );
}

/** New and closed reports refresh the queue live (row-level security shows reports to admins). */
function useLiveReports() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = supabase.channel("admin:reports");
    channel.on("postgres_changes", { event: "*", schema: "public", table: "reports" }, () => {
      void queryClient.invalidateQueries({ queryKey: queryRoots.admin });
    });
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [queryClient]);
}
